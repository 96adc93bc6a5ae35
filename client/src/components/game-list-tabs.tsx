import type { StaticClientRoute } from '@jotto/shared/client-routes';
import { RouteTabs } from './tabs.tsx';

const TABS: ReadonlyArray<{ label: string; route: StaticClientRoute; end?: boolean }> = [
  { label: 'Solo', route: '/list_solo' },
  { label: 'Versus', route: '/list_versus' },
  // /challenges/new is the challenge list with its modal open: still this tab.
  { label: 'Challenges', route: '/challenges', end: false },
];

/** The three tabs of the game lists: Solo, Versus and Challenges, each its own route. */
export function GameListTabs() {
  return <RouteTabs tabs={TABS} label="Game lists" />;
}
