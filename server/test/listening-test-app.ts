import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { SESSION_COOKIE } from '@jotto/shared/request-headers';
import { type ClientSocket, openSocket } from '@jotto/test-support/socket-client';
import { startTestApp, type TestAgent, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-environment.ts';

/** The app of a suite, listening on a port of its own, and the sockets its tests open. */
export interface ListeningTestApp {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  /**
   * A socket of the agent's session, as one more tab of theirs (not awaited: `connected`), closed
   * when the suite ends.
   */
  socketOf(agent: TestAgent): ClientSocket;
}

/**
 * Starts the real app on a fresh database of `kind` before the suite's tests and listens on a
 * free port, for tests that hold Socket.IO clients; after them, closes every socket it opened,
 * then the app. Call it inside `describe`: it registers the suite's hooks.
 */
export function listeningTestApp(kind: DatabaseKind): ListeningTestApp {
  let started: { testApp: TestApp; baseUrl: string } | null = null;
  const sockets: ClientSocket[] = [];
  const running = () => {
    if (!started) throw new Error('the test app starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    const testApp = await startTestApp(kind);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    started = { testApp, baseUrl: `http://127.0.0.1:${port}` };
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await started?.testApp.close();
  });
  return {
    get app() {
      return running().testApp.app;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    socketOf(agent) {
      const socket = openSocket(running().baseUrl, agent.cookies.get(SESSION_COOKIE));
      sockets.push(socket);
      return socket;
    },
  };
}
