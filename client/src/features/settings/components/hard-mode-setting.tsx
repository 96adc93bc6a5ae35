import { useSession } from '@/lib/session.ts';
import { useHardModeSetting } from '../hooks/use-hard-mode-setting.ts';
import { SettingSwitch } from './setting-switch.tsx';

/** What hard mode asks, in one line (docs/PRODUCT.md, 'Hard mode'). */
export const HARD_MODE_RULE =
  'Every guess must fit every count so far: it must share with each earlier guess exactly as many letters as that guess matched.';

/**
 * The 'Hard mode' switch: for a guest kept in this browser, for an account saved to it. It
 * applies to the next new solo and daily game; a game keeps the mode it started with.
 */
export function HardModeSetting() {
  const { username, loading } = useSession();
  const setting = useHardModeSetting(username !== '');
  const note =
    setting.keptIn === 'account'
      ? 'Saved to your account. Applies to your next new solo, daily or archive game.'
      : 'Saved in this browser. Applies to your next new solo, daily or archive game.';
  return (
    <>
      <SettingSwitch
        label="Hard mode"
        description={HARD_MODE_RULE}
        note={loading ? undefined : note}
        checked={loading ? undefined : setting.on}
        onChange={setting.set}
      />
      {setting.failed && <p role="alert">something went wrong</p>}
    </>
  );
}
