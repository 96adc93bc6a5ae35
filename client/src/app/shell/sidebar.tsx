import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import type { StaticClientRoute } from '@jotto/shared/client-routes';
import { useSignOut } from '../../lib/session.ts';
import styles from './sidebar.module.css';

/** The sidebar's links, in the order of spec §2 (Logout follows them). */
export const SIDEBAR_LINKS: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Home', route: '/home' },
  { label: 'Solo', route: '/list_solo' },
  { label: 'Versus', route: '/list_versus' },
  { label: 'Challenges', route: '/challenges' },
  { label: 'Friends', route: '/friends' },
  { label: 'Leaderboards', route: '/leaderboards' },
  { label: 'Rules', route: '/rules' },
];

/**
 * The sidebar of spec §2, a drawer over the content at every width (ui.md) on the native modal
 * `<dialog>`: focus moves into it and stays there, Escape and a click outside close it.
 */
export function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const signOut = useSignOut();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id="sidebar"
      className={styles.drawer}
      aria-label="Menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <nav className={styles.nav} aria-label="Main">
        <ul className={styles.list}>
          {SIDEBAR_LINKS.map(({ label, route }) => (
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
    </dialog>
  );
}
