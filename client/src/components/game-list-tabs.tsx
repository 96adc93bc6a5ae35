import { NavLink } from 'react-router-dom';
import type { StaticClientRoute } from '@jotto/shared/client-routes';
import styles from './game-list-tabs.module.css';

const TABS: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Solo', route: '/list_solo' },
  { label: 'Versus', route: '/list_versus' },
  { label: 'Challenges', route: '/challenges' },
];

/**
 * The three tabs of the game lists (spec §2): Solo, Versus and Challenges, each its own
 * route. Links, not buttons, because each tab is a page one can open or share.
 */
export function GameListTabs() {
  return (
    <nav className={styles.tabs} aria-label="Game lists">
      {TABS.map(({ label, route }) => (
        <NavLink
          key={route}
          to={route}
          end
          className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
