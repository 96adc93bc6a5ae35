import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerUser, startTestApp } from './test-app.ts';

// The Socket.IO Redis adapter sends its PUBLISH (every event that leaves the node) and its
// (P)SUBSCRIBE (once, when it is created) without awaiting them. While Redis is away those
// commands fail, and a failure nobody handles is an unhandled rejection: fatal in production
// (close-with-grace ends the process on one). These tests watch the process for any.

/** A port that takes connections and never says a word: a Redis that hangs from the start. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `redis://127.0.0.1:${address.port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nobody listens on: a Redis that is down. */
async function deadPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `redis://127.0.0.1:${address.port}`;
}

describe('the Redis adapter while Redis is away', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('drops an event it cannot fan out, without an unhandled rejection', async () => {
    const t = await startTestApp('postgres', { REDIS_URL: await deadPort() });
    try {
      const alice = await registerUser(t.app);
      const bob = await registerUser(t.app);
      // A friend request is an event for bob's room: the adapter publishes it.
      const asked = await alice.agent.get(`/api/friends/add/${bob.username}`);
      expect(asked.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      await t.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });

  it('closes a node whose subscriptions never reached Redis, without an unhandled rejection', async () => {
    const redis = await silentServer();
    try {
      const t = await startTestApp('postgres', { REDIS_URL: redis.url });
      await t.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      await redis.close();
    }
  });
});
