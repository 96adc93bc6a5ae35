import { useEffect, useRef } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { useAlert } from '@/components/alert-provider.tsx';
import type { FirebaseWebConfig } from '@/config/env.ts';
import type { startPush } from '@/lib/push/start-push.ts';
import { useSession } from '@/lib/session.ts';

type StartPush = typeof startPush;

const loadStartPush: () => Promise<StartPush> = async () =>
  (await import('@/lib/push/start-push.ts')).startPush;

/**
 * Push notifications (docs/PRODUCT.md, 'Push notifications'), set up once a player is signed in:
 * the server keeps tokens per user, so a guest has nothing to register. Only rendered when the
 * Firebase web config is set (app-services.tsx); the setup code, Firebase with it, is a further
 * chunk fetched at the first sign-in.
 */
export function PushNotifications({
  config,
  load = loadStartPush,
}: {
  config: FirebaseWebConfig;
  load?: () => Promise<StartPush>;
}) {
  const { username } = useSession();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when a message arrives, so the listener set up once always sees the current ones.
  const app = useRef({ pathname: location.pathname, showAlert, navigate });
  useEffect(() => {
    app.current = { pathname: location.pathname, showAlert, navigate };
  });
  // The setup for the signed-in player. A ref, not effect cleanup: React's StrictMode runs
  // effects twice in development, and push must be set up once per player, not once per run.
  // The component lives as long as the page, whose end ends the listener too.
  const active = useRef<{ username: string; stop: Promise<() => void> } | null>(null);

  useEffect(() => {
    if (active.current?.username === username) return;
    void active.current?.stop.then((stop) => stop());
    active.current = null;
    if (!username) return;
    const stop = load()
      .then((startPush) =>
        startPush(config, {
          pathname: () => app.current.pathname,
          showAlert: (message) => app.current.showAlert(message),
          open: (url) => openClickAction(url, app.current.navigate),
        }),
      )
      .catch((error: unknown) => {
        console.error('notifications error', error);
        return () => {};
      });
    active.current = { username, stop };
  }, [config, load, username]);
  return null;
}

/** A click_action of our own origin opens inside the app; anything else is a page load. */
function openClickAction(url: string, navigate: NavigateFunction) {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) {
    navigate(`${target.pathname}${target.search}${target.hash}`);
  } else {
    window.location.assign(target.href);
  }
}
