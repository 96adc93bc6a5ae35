import { useState } from 'react';
import { BusyButton } from '@/components/busy-button.tsx';
import { useSession } from '@/lib/session.ts';
import { useBlockActions } from '../hooks/use-block-actions.ts';
import { ReportDialog } from './report-dialog.tsx';
import styles from './profile-moderation.module.css';

/**
 * 'Block' (or 'Unblock' when I blocked them) and 'Report' on someone else's profile, for a
 * signed-in viewer (docs/PRODUCT.md, 'Blocks', 'Reports'): quiet buttons under the header, as
 * they are rarely wanted.
 */
export function ProfileModeration({
  username,
  displayName,
  blocked,
}: {
  username: string;
  displayName: string;
  blocked: boolean;
}) {
  const { username: me } = useSession();
  const actions = useBlockActions(username, displayName);
  const [reporting, setReporting] = useState(false);
  if (!me) return null;
  return (
    <div className={styles.row}>
      <BusyButton
        className={`button ${styles.quiet}`}
        busy={actions.busy}
        onClick={() => void (blocked ? actions.unblock() : actions.block())}
      >
        {blocked ? 'Unblock' : 'Block'}
      </BusyButton>
      <button
        type="button"
        className={`button ${styles.quiet}`}
        aria-haspopup="dialog"
        onClick={() => setReporting(true)}
      >
        Report
      </button>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        username={username}
        displayName={displayName}
      />
    </div>
  );
}
