// The parts of a service worker's global scope that our worker uses. The client is type-checked
// with the DOM library, which has no worker scope, and the webworker library cannot join it in one
// program (the two declare the same globals), so the worker names what it needs here; the tests
// hand it fakes of exactly this shape.

/** A window of ours, as the worker sees it. */
export interface WorkerWindowClient {
  url: string;
  visibilityState: DocumentVisibilityState;
  postMessage(message: unknown): void;
  focus(): Promise<unknown>;
}

/** An event the worker may keep alive until a promise settles. */
export interface WorkerExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}

export interface WorkerPushEvent extends WorkerExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}

export interface WorkerNotificationClickEvent extends WorkerExtendableEvent {
  notification: { close(): void; data?: { clickAction?: string } | null };
}

export interface WorkerEvents {
  push: WorkerPushEvent;
  notificationclick: WorkerNotificationClickEvent;
  install: WorkerExtendableEvent;
}

/** The worker's `self`. */
export interface WorkerScope {
  location: { origin: string };
  registration: {
    scope: string;
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WorkerWindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener<K extends keyof WorkerEvents>(
    type: K,
    listener: (event: WorkerEvents[K]) => void,
  ): void;
  skipWaiting(): Promise<void>;
}
