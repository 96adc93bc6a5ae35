import { useNetworkState } from '@/lib/network-status.ts';
import styles from './offline-banner.module.css';

/** What the banner says while the browser is offline. */
export const OFFLINE_BANNER = 'You are offline. Nothing is sent until you are back online.';
/** What it says while the browser thinks it is online but the server does not answer. */
export const UNREACHABLE_BANNER = 'The server cannot be reached. Check your connection.';

/**
 * The page's connection, said the moment it is lost and gone when it is back (docs/PRODUCT.md,
 * 'Offline'): a player learns it before a guess fails, not by it. It takes its own place at the
 * top of the page rather than floating over it, so it never covers the game. The live region is
 * always there, so that its words are announced when they appear.
 */
export function OfflineBanner() {
  const state = useNetworkState();
  const text =
    state === 'offline' ? OFFLINE_BANNER : state === 'unreachable' ? UNREACHABLE_BANNER : null;
  return (
    <div role="status" className={text ? styles.banner : undefined}>
      {text}
    </div>
  );
}
