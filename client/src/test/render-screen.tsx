import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ServerToClientEvents } from '@jotto/shared/realtime-events';
import { AppProviders } from '@/app/app-providers.tsx';
import { ShellProviders } from '@/app/shell/shell-providers.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import type { RealtimeSocket } from '@/lib/realtime/realtime-connection.ts';
import { RealtimeHub } from '@/lib/realtime/realtime-hub.ts';

/** Shows the current path, so tests can see where a screen navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * A stand-in for the Socket.IO connection: the hub attaches to it as to the real one; tests
 * `connect()` it, `emit` server events into it, and `drop()` it.
 */
export class FakeSocket {
  private readonly listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  private readonly anyListeners: Array<(event: string, payload: unknown) => void> = [];
  disconnected = false;

  /** True once the hub has attached to this socket (its lazily loaded module has arrived). */
  get attached(): boolean {
    return this.listeners.has('connect');
  }

  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  onAny(listener: (event: string, payload: unknown) => void) {
    this.anyListeners.push(listener);
    return this;
  }

  disconnect() {
    this.disconnected = true;
    return this;
  }

  connect() {
    for (const listener of this.listeners.get('connect') ?? []) listener();
  }

  /** The connection attempt failed (`connect_error`), e.g. the handshake was refused. */
  fail() {
    const refused = new Error('refused');
    for (const listener of this.listeners.get('connect_error') ?? []) listener(refused);
  }

  drop() {
    for (const listener of this.listeners.get('disconnect') ?? []) listener('transport close');
  }

  /** The server closed the socket ('io server disconnect'), after which Socket.IO waits. */
  closeByServer() {
    for (const listener of this.listeners.get('disconnect') ?? []) {
      listener('io server disconnect');
    }
  }

  emit<E extends keyof ServerToClientEvents>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) {
    for (const listener of this.anyListeners) listener(event, payload);
  }
}

/**
 * Renders `element` at `path` (matched by `route`, default the path itself) inside the app's
 * providers, with a memory router, a fresh query cache and a fake real-time socket.
 */
export function renderScreen(
  element: ReactNode,
  { path = '/', route }: { path?: string; route?: string } = {},
) {
  const socket = new FakeSocket();
  const hub = new RealtimeHub(async () => socket as unknown as RealtimeSocket);
  const queryClient = createQueryClient();
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <ShellProviders realtimeHub={hub}>
          <Routes>
            <Route path={route ?? path.split('?')[0]} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </ShellProviders>
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, socket, hub, queryClient };
}

/** Where the screen is now. */
export const currentPath = () => screen.getByTestId('location').textContent;

/** The links inside `element`, in order, as [text, href] pairs. */
export function linksIn(element: HTMLElement): [string | null, string | null][] {
  return within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

/** The alert modal's message, or null when no alert shows. */
export function alertText(): string | null {
  const dialog = screen
    .queryAllByRole('alertdialog', { hidden: true })
    .find((d) => d.hasAttribute('open'));
  if (!dialog) return null;
  return within(dialog).getByText((_content, node) => node?.tagName === 'P').textContent;
}

/** The status toast's message (components/status-toast.tsx), or null when none shows. */
export function statusToastText(): string | null {
  const toast = document.querySelector('[role="status"][aria-live="polite"] > p');
  return toast?.textContent ?? null;
}

/** Connects the fake socket as soon as the hub has attached to it: the channel is live. */
export async function goLive(socket: FakeSocket): Promise<void> {
  await waitFor(() => {
    if (!socket.attached) throw new Error('the hub has not attached to the socket yet');
  });
  act(() => socket.connect());
}
