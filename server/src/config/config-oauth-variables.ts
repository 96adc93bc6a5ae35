import { type TSchema, Type } from 'typebox';
import { credential, type Documentation, formatted } from './config-declarations.ts';
import {
  OAUTH_PROVIDER_DEFINITIONS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
} from './oauth-providers.ts';

// Each OAuth provider's variables, declared once for every provider.

export type OAuthSuffix =
  'CLIENT_ID' | 'CLIENT_SECRET' | 'AUTHORIZE_URL' | 'TOKEN_URL' | 'USERINFO_URL';

/** One variable every OAuth provider has, named `{envPrefix}_{suffix}` (GOOGLE_CLIENT_ID, …). */
interface OAuthVariable {
  suffix: OAuthSuffix;
  schema: TSchema & Documentation;
  /** Whether a provider has it: USERINFO_URL only where the identity needs a call of its own. */
  hasIt: (provider: OAuthProvider) => boolean;
}

const PROVIDERS_OWN = "default the provider's own, from `server/src/config/oauth-providers.ts`";
const oauthUrl = (description: string) =>
  Type.With(formatted('http-url'), { section: 'social', defaultText: PROVIDERS_OWN, description });
const always = () => true;

/** The providers' variables, in the manual's order; loadConfig reads them into `oauth`. */
export const OAUTH_VARIABLES: OAuthVariable[] = [
  {
    suffix: 'CLIENT_ID',
    schema: Type.With(credential(), { section: 'social', description: "the provider's app id." }),
    hasIt: always,
  },
  {
    suffix: 'CLIENT_SECRET',
    schema: Type.With(credential(), {
      section: 'social',
      description: 'its secret; set both or neither.',
    }),
    hasIt: always,
  },
  {
    suffix: 'AUTHORIZE_URL',
    schema: oauthUrl(
      "the provider's authorization endpoint, for a proxy or for tests pointing it at a local " +
        'server.',
    ),
    hasIt: always,
  },
  { suffix: 'TOKEN_URL', schema: oauthUrl('its token endpoint, the same way.'), hasIt: always },
  {
    suffix: 'USERINFO_URL',
    schema: oauthUrl(
      'its userinfo endpoint, the same way; a provider whose token response names the user ' +
        'has none.',
    ),
    hasIt: (provider) => OAUTH_PROVIDER_DEFINITIONS[provider].userinfoUrl !== null,
  },
];

/** The name of one of a provider's variables: `oauthVariableName('google', 'CLIENT_ID')`. */
export const oauthVariableName = (provider: OAuthProvider, suffix: OAuthSuffix) =>
  `${OAUTH_PROVIDER_DEFINITIONS[provider].envPrefix}_${suffix}`;

/** The providers that have the variable, in OAUTH_PROVIDERS' order. */
export const providersWith = (oauthVariable: OAuthVariable) =>
  OAUTH_PROVIDERS.filter((provider) => oauthVariable.hasIt(provider));

/** Every provider's variables by name (GOOGLE_CLIENT_ID, …), as env-schema checks them. */
export const oauthVariablesByName = (): Record<string, TSchema> =>
  Object.fromEntries(
    OAUTH_VARIABLES.flatMap((oauthVariable) =>
      providersWith(oauthVariable).map((provider) => [
        oauthVariableName(provider, oauthVariable.suffix),
        oauthVariable.schema,
      ]),
    ),
  );
