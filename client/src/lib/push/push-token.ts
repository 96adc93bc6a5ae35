declare global {
  interface Window {
    /**
     * This device's push token once the server has accepted it (kept in this global window
     * variable); login and register send it along.
     */
    jottoPushToken?: string;
  }
}

/** The push token the server accepted on this page, if any. */
export function rememberedPushToken(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.jottoPushToken;
}

export function rememberPushToken(token: string): void {
  window.jottoPushToken = token;
}
