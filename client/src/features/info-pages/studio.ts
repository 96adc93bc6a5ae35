/**
 * The studio behind Jotto (its name, "an app development studio based in the USA",
 * a support contact, a 2018 copyright). The name follows the /nomostudios route; the support
 * address is the operator's (config/env.ts, VITE_SUPPORT_EMAIL).
 */
export const STUDIO_NAME = 'Nomo Studios';
export const COPYRIGHT_YEAR = 2018;
/** The privacy policy's children's age threshold. */
export const PRIVACY_AGE_THRESHOLD = 13;
