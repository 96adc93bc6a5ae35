import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppHeader } from './app-header.tsx';
import { LoadErrorBoundary, PageLoadFailed } from '@/components/load-error-boundary.tsx';
import { OfflineBanner } from '@/components/offline-banner.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { NoticeStack } from '@/features/notices/components/notice-stack.tsx';
import { ShellProviders } from './shell-providers.tsx';
import { Sidebar } from './sidebar.tsx';
import styles from './app-shell.module.css';

/**
 * The shell (docs/PRODUCT.md, 'Shell'): the fixed header, the sidebar drawer, the offline banner,
 * the notices
 * (docs/PRODUCT.md, 'Notices') and the screen of the current route. Whether the sidebar is open is
 * a flag, false at first; it goes back to false whenever the route changes, which is how picking
 * any link closes it. Every new page starts at the top.
 */
export function AppShell() {
  const { pathname } = useLocation();
  // Open for the page it was opened on only: any navigation closes it, with no effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const sidebar = openedOn === pathname;
  const setSidebar = (open: boolean) => setOpenedOn(open ? pathname : null);
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <ShellProviders>
      <div className={styles.shell}>
        <AppHeader sidebarOpen={sidebar} onToggleSidebar={() => setSidebar(!sidebar)} />
        <Sidebar open={sidebar} onClose={() => setSidebar(false)} />
        {/* Under the header, on top of the page as it scrolls: in the page's flow, a banner or a
            notice that comes while the page is scrolled would be put above the view (the
            browser keeps the content in place) and never seen. */}
        <div className={styles.above}>
          <OfflineBanner />
          {/* Before the screen in the tab order, so the keyboard reaches a notice at once. */}
          <NoticeStack />
        </div>
        <main id="content" className={styles.content}>
          <LoadErrorBoundary resetKey={pathname} fallback={<PageLoadFailed />}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </LoadErrorBoundary>
        </main>
      </div>
    </ShellProviders>
  );
}
