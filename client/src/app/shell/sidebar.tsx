import { NavLink } from 'react-router-dom';
import type { StaticClientRoute } from '@jotto/shared/client-routes';
import { MENU_DESTINATIONS } from '@/components/main-menu.tsx';
import { useModalDialog } from '@/components/use-modal-dialog.ts';
import { ContrastSetting } from '@/features/settings/components/contrast-setting.tsx';
import { useSession, useSignOut } from '@/lib/session.ts';
import styles from './sidebar.module.css';

/** The sidebar's links, in order (Logout follows them). */
export const SIDEBAR_LINKS: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Home', route: '/home' },
  { label: 'Daily', route: '/daily' },
  ...MENU_DESTINATIONS,
  { label: 'Settings', route: '/settings' },
];

/**
 * The links of a signed-in player: 'Watch' after 'Versus' (docs/PRODUCT.md, 'Watching'), as
 * watching needs an account.
 */
export const SIGNED_IN_SIDEBAR_LINKS: ReadonlyArray<{ label: string; route: StaticClientRoute }> =
  SIDEBAR_LINKS.flatMap((link) =>
    link.route === '/list_versus' ? [link, { label: 'Watch', route: '/watch' }] : [link],
  );

/**
 * The sidebar (docs/PRODUCT.md, 'Shell'), a drawer over the content at every width on the native
 * modal `<dialog>`: focus moves into it and stays there, Escape and a click outside close it.
 * Under the links, the contrast setting (docs/PRODUCT.md, 'High contrast').
 */
export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const modal = useModalDialog(open, onClose);
  const signOut = useSignOut();
  const { username } = useSession();
  const links = username ? SIGNED_IN_SIDEBAR_LINKS : SIDEBAR_LINKS;
  return (
    <dialog {...modal} id="sidebar" className={styles.drawer} aria-label="Menu">
      <nav className={styles.nav} aria-label="Main">
        <ul className={styles.list}>
          {links.map(({ label, route }) => (
            <li key={route}>
              <NavLink
                to={route}
                className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                onClick={onClose}
              >
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.link}
              onClick={() => {
                onClose();
                void signOut();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      </nav>
      {/* Reachable from every screen of the shell, the game's among them, without leaving it. */}
      <div className={styles.settings}>
        <ContrastSetting />
      </div>
    </dialog>
  );
}
