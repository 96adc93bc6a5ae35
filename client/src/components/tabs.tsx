import { type KeyboardEvent, useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import type { StaticClientRoute } from '@jotto/shared/client-routes';
import styles from './tabs.module.css';

// The app's two kinds of tabs look the same (one stylesheet): tabs that are routes, and tabs
// that switch a panel in place.

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

/** The ids that tie panel tabs to their panel: see panelOfTabs. */
const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
const panelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * Scrolls a row of tabs sideways, and nothing else, so that all of `tab` shows. Focus alone
 * does not do it: a browser leaves a tab that shows a few pixels where it is.
 */
function revealInRow(tab: HTMLElement) {
  const row = tab.parentElement;
  if (!row) return;
  const tabBox = tab.getBoundingClientRect();
  const rowBox = row.getBoundingClientRect();
  if (tabBox.left < rowBox.left) row.scrollLeft -= rowBox.left - tabBox.left;
  else if (tabBox.right > rowBox.right) row.scrollLeft += tabBox.right - rowBox.right;
}

/**
 * Tabs that switch one panel in place (the leaderboards' periods), as the ARIA tabs pattern
 * says: buttons with role `tab` in a `tablist`; the arrow keys (round the ends), Home and End
 * move to a tab and select it; only the selected tab is in the Tab order, so Tab goes on to the
 * panel. The panel is the caller's: spread `panelOfTabs(idPrefix, selected)` on it. Where the
 * row is narrower than its tabs (it scrolls sideways), the selected tab is scrolled into it.
 */
export function PanelTabs<Value extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
}: {
  tabs: ReadonlyArray<{ value: Value; label: string }>;
  selected: Value;
  onSelect: (value: Value) => void;
  /** The tab list's name for screen readers. */
  label: string;
  /** Makes the ids of the tabs and the panel (unique on the page). */
  idPrefix: string;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = tabs.findIndex((tab) => tab.value === selected);
  useEffect(() => {
    const tab = buttons.current[selectedIndex];
    if (tab) revealInRow(tab);
  }, [selectedIndex]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % (last + 1)
        : event.key === 'ArrowLeft'
          ? (index + last) % (last + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]!.value);
    buttons.current[next]?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={tabId(idPrefix, tab.value)}
          type="button"
          role="tab"
          aria-selected={tab.value === selected}
          aria-controls={panelId(idPrefix)}
          tabIndex={tab.value === selected ? 0 : -1}
          className={`${styles.tab} ${tab.value === selected ? styles.active : ''}`}
          onClick={() => onSelect(tab.value)}
          onKeyDown={(event) => onKey(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The attributes of the panel that PanelTabs with this `idPrefix` switch. */
export function panelOfTabs(idPrefix: string, selected: string) {
  return {
    id: panelId(idPrefix),
    role: 'tabpanel',
    'aria-labelledby': tabId(idPrefix, selected),
  } as const;
}
