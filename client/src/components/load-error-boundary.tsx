import { Component, type ErrorInfo, type ReactNode } from 'react';
import styles from './load-error-boundary.module.css';

interface BoundaryProps {
  /** What shows instead of the children once they have failed. */
  fallback: ReactNode;
  /** The children are tried again when this changes (the route, for a screen). */
  resetKey?: unknown;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Keeps a failure where it happened. A screen's code is a chunk loaded on first use
 * (`React.lazy`); when that load fails (offline for a moment, or a new version deployed since
 * the page was opened, whose chunks have other names), React throws, and without a boundary it
 * unmounts the whole app: a blank page, even for a game just won. With one, the header, the
 * game and its results stay; only the part that failed says so.
 */
export class LoadErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('a part of the page failed to load', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Said when a screen's code could not be loaded. */
export const PAGE_LOAD_FAILED = 'This page could not be loaded.';

/**
 * A screen that failed to load: the sentence and 'Reload', which fetches the page again (and
 * with it the current version's chunks).
 */
export function PageLoadFailed() {
  return (
    <div role="alert" className={styles.failed}>
      <p className={styles.message}>{PAGE_LOAD_FAILED}</p>
      <button type="button" className="button button-primary" onClick={() => location.reload()}>
        Reload
      </button>
    </div>
  );
}
