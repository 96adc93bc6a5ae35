import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/app-providers.tsx';
import { AppServices } from './app/app-services.tsx';
import { AppRoutes, preloadScreenOf } from './app/app-routes.tsx';
import { SERVICE_WORKER_ENABLED } from './config/env.ts';
import { startContrast } from './features/settings/contrast-preference.ts';
import { createQueryClient } from './lib/query-client.ts';
import { userInfoQuery } from './lib/session.ts';
import './styles/tokens.css';
import './styles/global.css';

const root = document.getElementById('main');
if (!root) throw new Error('the page has no #main element');

// High contrast or not, set on <html> before React renders: the first paint has the right
// colours and the letter marks their shapes (the page shows nothing before this runs).
startContrast();

const queryClient = createQueryClient();
// Who is signed in, asked now, beside the screen's code rather than after it has rendered: the
// first paint then usually has the name. Nothing waits for it.
void queryClient.prefetchQuery(userInfoQuery);
// The screen's code (the shell's and the screen's chunks), all of it at once, while React
// starts: each would otherwise be asked for only once the one around it had rendered.
void preloadScreenOf(window.location.pathname).catch(() => {
  // The screen says so when it renders (its load error), with a way to reload.
});

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders queryClient={queryClient}>
        <AppServices />
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);

// The service worker (docs/PRODUCT.md, 'Install and offline'): its code and its precache list
// (the whole app, fetched by the worker as it installs) wait until the page has loaded and the
// browser is idle, so they never compete with the first paint.
if (SERVICE_WORKER_ENABLED && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./lib/pwa/register-service-worker.ts')
      .then((module) => module.registerServiceWorker(navigator.serviceWorker))
      .catch(() => {
        // Offline before the worker was ever installed: the next visit registers it.
      });
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
