import { Type, type Static } from 'typebox';
import { okWith } from './api-envelope.ts';

/**
 * A signed-in player's settings (docs/PRODUCT.md, 'Settings'), each one a field: a new setting
 * is one more field here, one more column of `users`, and one more entry of the server's
 * settings table (`server/src/settings/player-settings.ts`).
 */
export const PlayerSettingFields = {
  /** Hard mode (docs/PRODUCT.md, 'Hard mode'): each new solo and daily game is hard. */
  hardMode: Type.Boolean(),
  /**
   * Watching (docs/PRODUCT.md, 'Watching'): others may watch my versus games. A game can be
   * watched only while both its players allow it.
   */
  allowWatchers: Type.Boolean(),
};

/** Every setting, as `GET /user/settings` answers them. */
export const PlayerSettings = Type.Object(PlayerSettingFields);
export type PlayerSettings = Static<typeof PlayerSettings>;

/** `GET /user/settings` and `POST /user/settings`: every setting as it now stands. */
export const SettingsResponse = okWith(PlayerSettingFields);
export type SettingsResponse = Static<typeof SettingsResponse>;

/**
 * `POST /user/settings`: a partial update, the settings to change and nothing else; at least
 * one, and an unknown one is a 400.
 */
export const UpdateSettingsBody = Type.Partial(PlayerSettings, {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>;
