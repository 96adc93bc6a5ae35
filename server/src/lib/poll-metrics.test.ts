import { describe, expect, it } from 'vitest';
import { RecentClients } from './poll-metrics.ts';

describe('RecentClients', () => {
  it('counts the distinct clients of the last whole window', () => {
    let now = 0;
    const clients = new RecentClients(10_000, () => now);
    clients.seen('a');
    clients.seen('a');
    clients.seen('b');
    // The window being filled is not reported until it is whole.
    expect(clients.count()).toBe(0);
    now = 10_000;
    clients.seen('c');
    expect(clients.count()).toBe(2);
    now = 19_999;
    expect(clients.count()).toBe(2);
    now = 20_000;
    expect(clients.count()).toBe(1);
  });

  it('reports nobody once a whole window passed without a poll', () => {
    let now = 0;
    const clients = new RecentClients(10_000, () => now);
    clients.seen('a');
    now = 25_000;
    expect(clients.count()).toBe(0);
    // Windows stay aligned: a poll at 25 s belongs to the window that ends at 30 s.
    clients.seen('b');
    now = 30_000;
    expect(clients.count()).toBe(1);
  });
});
