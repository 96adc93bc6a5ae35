import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/page-loading.tsx';
import { LandingPage } from '../features/session/landing-page.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { AppShell } from './shell/app-shell.tsx';

// The landing page is the first screen most visitors see, so it is in the main chunk; every
// other screen is its own chunk, loaded when first opened.
const FinalizePage = lazyPage(
  () => import('../features/session/finalize-page.tsx'),
  'FinalizePage',
);
const HomePage = lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage');
const RulesPage = lazyPage(() => import('../features/rules/rules-page.tsx'), 'RulesPage');
const GameListPage = lazyPage(
  () => import('../features/game-lists/components/game-list-page.tsx'),
  'GameListPage',
);
const NewGamePage = lazyPage(
  () => import('../features/game/components/new-game-page.tsx'),
  'NewGamePage',
);
const GamePage = lazyPage(() => import('../features/game/components/game-page.tsx'), 'GamePage');

/** The client routes of spec §2 (shared/src/client-routes.ts lists them for the server). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        {/* Social sign-in comes back to /login?error=… when it fails: the landing shows it. */}
        <Route path="/login" element={<LandingPage />} />
        <Route path="/register" element={<LandingPage />} />
        <Route element={<AppShell />}>
          <Route path="/home" element={<HomePage />} />
          <Route path="/main" element={<HomePage />} />
          <Route path="/finalize" element={<FinalizePage />} />
          <Route path="/rules" element={<RulesPage />} />
          <Route path="/list_solo" element={<GameListPage mode="solo" />} />
          <Route path="/list_versus" element={<GameListPage mode="versus" />} />
          <Route path="/game" element={<NewGamePage />} />
          <Route path="/game/:gameId" element={<GamePage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
