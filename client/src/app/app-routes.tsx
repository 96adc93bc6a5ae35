import { isValidElement, Suspense } from 'react';
import {
  createRoutesFromChildren,
  matchRoutes,
  Route,
  Routes,
  useLocation,
} from 'react-router-dom';
import { LoadErrorBoundary, PageLoadFailed } from '@/components/load-error-boundary.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { LandingPage } from '@/features/session/components/landing-page.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { useFocusHeadingOnNavigation } from './route-focus.ts';

// The landing page is the first screen most visitors see, so it is in the main chunk; every
// other screen, and the shell around the signed-in screens, is its own chunk, loaded when
// first opened (the landing's JavaScript budget is 100 KB gzipped: docs/PRODUCT.md, 'Interface').
const AppShell = lazyPage(() => import('./shell/app-shell.tsx'), 'AppShell');
const FinalizePage = lazyPage(
  () => import('@/features/session/components/finalize-page.tsx'),
  'FinalizePage',
);
const HomePage = lazyPage(() => import('@/features/home/components/home-page.tsx'), 'HomePage');
const RulesPage = lazyPage(() => import('@/features/rules/components/rules-page.tsx'), 'RulesPage');
const GameListPage = lazyPage(
  () => import('@/features/game-lists/components/game-list-page.tsx'),
  'GameListPage',
);
const NewGamePage = lazyPage(
  () => import('@/features/game/components/new-game-page.tsx'),
  'NewGamePage',
);
const GamePage = lazyPage(() => import('@/features/game/components/game-page.tsx'), 'GamePage');
const DailyPage = lazyPage(() => import('@/features/daily/components/daily-page.tsx'), 'DailyPage');
const ArchivePage = lazyPage(
  () => import('@/features/daily/components/archive-page.tsx'),
  'ArchivePage',
);
const ArchiveGamePage = lazyPage(
  () => import('@/features/daily/components/archive-game-page.tsx'),
  'ArchiveGamePage',
);
const LoginPage = lazyPage(
  () => import('@/features/session/components/login-page.tsx'),
  'LoginPage',
);
const VerifyPage = lazyPage(
  () => import('@/features/verify/components/verify-page.tsx'),
  'VerifyPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('@/features/password-reset/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/password-reset/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const LeaderboardsPage = lazyPage(
  () => import('@/features/leaderboards/components/leaderboards-page.tsx'),
  'LeaderboardsPage',
);
const StudioPage = lazyPage(
  () => import('@/features/info-pages/components/studio-page.tsx'),
  'StudioPage',
);
const PrivacyPage = lazyPage(
  () => import('@/features/info-pages/components/privacy-page.tsx'),
  'PrivacyPage',
);
const MobilePage = lazyPage(
  () => import('@/features/info-pages/components/mobile-page.tsx'),
  'MobilePage',
);
const ChallengesPage = lazyPage(
  () => import('@/features/challenges/components/challenges-page.tsx'),
  'ChallengesPage',
);
const FriendsPage = lazyPage(
  () => import('@/features/friends/components/friends-page.tsx'),
  'FriendsPage',
);
const ProfilePage = lazyPage(
  () => import('@/features/profiles/components/profile-page.tsx'),
  'ProfilePage',
);
const SettingsPage = lazyPage(
  () => import('@/features/settings/components/settings-page.tsx'),
  'SettingsPage',
);
const WatchListPage = lazyPage(
  () => import('@/features/watching/components/watch-list-page.tsx'),
  'WatchListPage',
);
const WatchGamePage = lazyPage(
  () => import('@/features/watching/components/watch-game-page.tsx'),
  'WatchGamePage',
);

/**
 * The client routes (shared/src/client-routes.ts lists them for the server), as elements: both
 * what `<Routes>` renders and what `preloadScreenOf` matches a path against.
 */
const ROUTES = (
  <>
    <Route path="/" element={<LandingPage />} />
    {/* Social sign-in comes back to /login?error=… when it fails: the Login screen says why. */}
    <Route path="/login" element={<LoginPage />} />
    <Route path="/register" element={<LoginPage />} />
    <Route path="/users/:username/verify/:verifyCode" element={<VerifyPage />} />
    <Route path="/forgot" element={<ForgotPasswordPage />} />
    <Route path="/reset/:token" element={<ResetPasswordPage />} />
    <Route path="/company" element={<StudioPage />} />
    <Route path="/nomostudios" element={<StudioPage />} />
    <Route path="/privacy" element={<PrivacyPage />} />
    <Route path="/mobile" element={<MobilePage />} />
    <Route element={<AppShell />}>
      <Route path="/home" element={<HomePage />} />
      <Route path="/main" element={<HomePage />} />
      <Route path="/finalize" element={<FinalizePage />} />
      <Route path="/rules" element={<RulesPage />} />
      <Route path="/list_solo" element={<GameListPage mode="solo" />} />
      <Route path="/list_versus" element={<GameListPage mode="versus" />} />
      <Route path="/game" element={<NewGamePage />} />
      <Route path="/game/:gameId" element={<GamePage />} />
      <Route path="/daily" element={<DailyPage />} />
      <Route path="/daily/archive" element={<ArchivePage />} />
      <Route path="/daily/:day" element={<ArchiveGamePage />} />
      <Route path="/leaderboards" element={<LeaderboardsPage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/watch" element={<WatchListPage />} />
      <Route path="/watch/:gameId" element={<WatchGamePage />} />
      <Route path="/challenges" element={<ChallengesPage />} />
      <Route path="/challenges/new" element={<ChallengesPage />} />
      <Route path="/friends" element={<FriendsPage />} />
      <Route path="/friends/new" element={<FriendsPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/profile/:username" element={<ProfilePage />} />
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </>
);

/**
 * Starts fetching the chunks a first load of `pathname` needs (the shell's and the screen's) all
 * at once, before anything renders: otherwise each is asked for only once the one around it has
 * come and rendered (the shell, then the screen), a round trip after another behind 'Loading...'.
 * Resolves when they have come, or at once for a screen in the main chunk (the landing).
 */
export function preloadScreenOf(pathname: string): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromChildren(ROUTES), pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) => {
      const screen = isValidElement(route.element) ? route.element.type : null;
      return hasPreload(screen) ? screen.preload() : Promise.resolve();
    }),
  );
}

function hasPreload(screen: unknown): screen is { preload(): Promise<unknown> } {
  return typeof screen === 'function' && 'preload' in screen;
}

/** The client routes, rendered. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useFocusHeadingOnNavigation();
  return (
    // A screen outside the shell (or the shell itself) whose chunk fails to load; the shell
    // catches its own screens' failures below its header.
    <LoadErrorBoundary
      resetKey={pathname}
      fallback={
        <main>
          <PageLoadFailed />
        </main>
      }
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>{ROUTES}</Routes>
      </Suspense>
    </LoadErrorBoundary>
  );
}
