import type { StaticClientRoute } from '@jotto/shared/client-routes';
import { RouteTabs } from '@/components/tabs.tsx';

const TABS: ReadonlyArray<{ label: string; route: StaticClientRoute }> = [
  { label: 'Today', route: '/daily' },
  { label: 'Archive', route: '/daily/archive' },
];

/** The daily page's two tabs: today's word, and the archive of past days (each a route). */
export function DailyTabs() {
  return <RouteTabs tabs={TABS} label="Daily Jotto" />;
}
