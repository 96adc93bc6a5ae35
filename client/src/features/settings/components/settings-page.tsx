import { useSession } from '@/lib/session.ts';
import { AllowWatchersSetting } from './allow-watchers-setting.tsx';
import { BlockedPlayers } from './blocked-players.tsx';
import { ContrastSetting } from './contrast-setting.tsx';
import { HardModeSetting } from './hard-mode-setting.tsx';
import styles from './settings-page.module.css';

/**
 * `/settings` (docs/PRODUCT.md, 'Settings'): the player's settings, one row each in one list.
 * More settings join the list as rows of their own (a switch, or a control of their own). Under
 * it, for a signed-in player, the players they blocked.
 */
export function SettingsPage() {
  const signedIn = useSession().username !== '';
  return (
    <article className={styles.page} aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <ul className={styles.list}>
        <li>
          <HardModeSetting />
        </li>
        {/* An account's only: a guest plays no versus game. */}
        {signedIn && (
          <li>
            <AllowWatchersSetting />
          </li>
        )}
        <li className={styles.padded}>
          <ContrastSetting />
        </li>
      </ul>
      {signedIn && <BlockedPlayers />}
    </article>
  );
}
