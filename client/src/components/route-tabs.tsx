import { NavLink } from 'react-router-dom';
import type { StaticClientRoute } from '@jotto/shared/client-routes';
import styles from './route-tabs.module.css';

/**
 * Tabs that are routes (the game lists, the Friends screen): links, not buttons, because each
 * tab is a page one can open or share; the current one is marked for screen readers by
 * NavLink's aria-current.
 */
export function RouteTabs({
  tabs,
  label,
}: {
  /** `end: false` keeps a tab current on the paths under it too (/challenges/new). */
  tabs: ReadonlyArray<{ label: string; route: StaticClientRoute; end?: boolean }>;
  /** The navigation's name for screen readers. */
  label: string;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map(({ label: text, route, end = true }) => (
        <NavLink
          key={route}
          to={route}
          end={end}
          className={({ isActive }) => `${styles.tab} ${isActive ? styles.active : ''}`}
        >
          {text}
        </NavLink>
      ))}
    </nav>
  );
}
