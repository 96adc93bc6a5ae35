import { useSession } from '@/lib/session.ts';
import { useAccountSetting } from '../hooks/use-account-setting.ts';
import { SettingSwitch } from './setting-switch.tsx';

/** The switch's name (docs/PRODUCT.md, 'Settings'). */
export const ALLOW_WATCHERS_LABEL = 'Let others watch my games';
/** What it does, in one line. */
export const ALLOW_WATCHERS_RULE =
  'Signed-in players can watch your versus games against people while you play. They never see your words before the game is over.';

/** Where it is kept. Not 'Saved to your account.' word for word: that line is hard mode's. */
export const ALLOW_WATCHERS_NOTE = 'Saved to your account, for every versus game you play.';

/**
 * 'Let others watch my games' (docs/PRODUCT.md, 'Watching'): on by default, saved to the
 * account, so only a signed-in player has it (a guest plays no versus game).
 */
export function AllowWatchersSetting() {
  const { username } = useSession();
  const setting = useAccountSetting('allowWatchers', username !== '');
  if (!username) return null;
  return (
    <>
      <SettingSwitch
        label={ALLOW_WATCHERS_LABEL}
        description={ALLOW_WATCHERS_RULE}
        note={ALLOW_WATCHERS_NOTE}
        checked={setting.on}
        onChange={setting.set}
      />
      {setting.failed && <p role="alert">something went wrong</p>}
    </>
  );
}
