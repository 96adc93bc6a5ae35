import { useNavigate } from 'react-router-dom';
import type { StaticClientRoute } from '@jotto/shared/client-routes';
import { useAlert } from './alert-provider.tsx';
import styles from './main-menu.module.css';

/**
 * Where the menu leads (Home's buttons, and the sidebar's links after Home), in order;
 * Logout, when shown, follows them.
 */
export const MENU_DESTINATIONS: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Solo', route: '/list_solo' },
  { label: 'Versus', route: '/list_versus' },
  { label: 'Challenges', route: '/challenges' },
  { label: 'Friends', route: '/friends' },
  { label: 'Leaderboards', route: '/leaderboards' },
  { label: 'Rules', route: '/rules' },
];

export const VERSUS_NEEDS_LOGIN = 'You must be logged in to play Versus mode';

/**
 * The menu of Home and of the landing page (docs/PRODUCT.md, 'Home' and 'Landing': the landing
 * "also shows the welcome text and menu"). Versus needs an account, so a guest sees it greyed out,
 * and choosing it says why instead of going on.
 *
 * `compact`: Home's look, a grid of plain buttons two to a row with Logout last across it: Home
 * has its own main action above, which no menu button may look like (docs/PRODUCT.md, 'Home').
 * Without it (the landing), one button to a row and Solo the primary one.
 */
export function MainMenu({
  guest,
  onLogout,
  compact = false,
}: {
  guest: boolean;
  onLogout?: () => void;
  compact?: boolean;
}) {
  const navigate = useNavigate();
  const showAlert = useAlert();
  const primary = (route: string) => !compact && route === '/list_solo';
  return (
    <div className={compact ? styles.compact : styles.menu}>
      {MENU_DESTINATIONS.map(({ label, route }) => {
        const locked = route === '/list_versus' && guest;
        return (
          <button
            key={route}
            type="button"
            className={`button ${styles.item} ${primary(route) ? 'button-primary' : ''}`}
            aria-disabled={locked || undefined}
            onClick={() => (locked ? showAlert(VERSUS_NEEDS_LOGIN) : navigate(route))}
          >
            {label}
          </button>
        );
      })}
      {onLogout && (
        <button
          type="button"
          className={`button ${styles.item} ${styles.logout}`}
          onClick={onLogout}
        >
          Logout
        </button>
      )}
    </div>
  );
}
