import { describe, expect, it, vi } from 'vitest';
import { type CacheFill, ClusterCache, type InvalidationSource } from './cluster-cache.ts';

/** An invalidation source driven by the test: announcements, trust, a log of what was heard. */
class TestSource implements InvalidationSource {
  trusted = true;
  get trustedAtRest(): boolean {
    return this.trusted;
  }
  /** Topics in the order heard; 'all' where everything was forgotten. */
  private readonly heard: string[] = [];
  private readonly listeners: ((topics: readonly string[] | 'all') => void)[] = [];
  position(): number {
    return this.heard.length;
  }
  changedSince(position: number, topics: readonly string[]): boolean {
    return this.heard.slice(position).some((topic) => topic === 'all' || topics.includes(topic));
  }
  subscribe(listener: (topics: readonly string[] | 'all') => void): void {
    this.listeners.push(listener);
  }
  announce(...topics: string[]): void {
    this.heard.push(...topics);
    this.listeners.forEach((listener) => listener(topics));
  }
  forgetEverything(): void {
    this.heard.push('all');
    this.listeners.forEach((listener) => listener('all'));
  }
}

/** A read the test finishes by hand, counting how many reads were made. */
function reads<V>() {
  const pending: ((fill: CacheFill<V>) => void)[] = [];
  let count = 0;
  return {
    load: () => {
      count += 1;
      return new Promise<CacheFill<V>>((resolve) => pending.push(resolve));
    },
    finish: (fill: CacheFill<V>) => pending.shift()!(fill),
    get count() {
      return count;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ClusterCache', () => {
  const make = (source: TestSource, maxAgeMs = 60_000) =>
    new ClusterCache<string>(source, { max: 100, maxAgeMs });

  it('answers from memory until a change of what the value was read from is announced', async () => {
    const source = new TestSource();
    const cache = make(source);
    const load = vi.fn(async () => ({ value: 'seq 1', topics: ['game:1'] }));
    expect(await cache.get('counts:1:a', load)).toBe('seq 1');
    expect(await cache.get('counts:1:a', load)).toBe('seq 1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.stats).toEqual({ hits: 1, reads: 1, shared: 0, written: 0 });

    source.announce('game:2');
    expect(await cache.get('counts:1:a', load)).toBe('seq 1');
    expect(load).toHaveBeenCalledTimes(1);

    load.mockResolvedValueOnce({ value: 'seq 2', topics: ['game:1'] });
    source.announce('game:1');
    expect(await cache.get('counts:1:a', load)).toBe('seq 2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops every value under an announced topic, and everything on "all"', async () => {
    const source = new TestSource();
    const cache = make(source);
    await cache.get('a', async () => ({ value: 'a', topics: ['game:1', 'user:7'] }));
    await cache.get('b', async () => ({ value: 'b', topics: ['user:7'] }));
    await cache.get('c', async () => ({ value: 'c', topics: ['game:3'] }));
    source.announce('user:7');
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([
      undefined,
      undefined,
      'c',
    ]);
    source.forgetEverything();
    expect(cache.peek('c')).toBeUndefined();
  });

  it('answers a read that a change overtook, but does not keep it', async () => {
    const source = new TestSource();
    const cache = make(source);
    const read = reads<string>();
    const first = cache.get('k', read.load);
    // The change commits and is heard while the read is under way: the read may predate it.
    source.announce('game:1');
    read.finish({ value: 'old', topics: ['game:1'] });
    expect(await first).toBe('old');
    expect(cache.peek('k')).toBeUndefined();

    // A change of something else does not stop the next read from being kept.
    const second = cache.get('k', read.load);
    source.announce('game:2');
    read.finish({ value: 'new', topics: ['game:1'] });
    expect(await second).toBe('new');
    expect(cache.peek('k')).toBe('new');
  });

  it('lets requests share a read, but never one that started before a change they follow', async () => {
    const source = new TestSource();
    const cache = make(source);
    const read = reads<string>();
    const a = cache.get('k', read.load);
    const b = cache.get('k', read.load);
    expect(read.count).toBe(1);
    source.announce('game:1');
    // Sent after the change was heard: a read of its own.
    const c = cache.get('k', read.load);
    expect(read.count).toBe(2);
    read.finish({ value: 'before', topics: ['game:1'] });
    read.finish({ value: 'after', topics: ['game:1'] });
    expect(await Promise.all([a, b, c])).toEqual(['before', 'before', 'after']);
    expect(cache.stats).toEqual({ hits: 0, reads: 2, shared: 1, written: 0 });
    expect(cache.peek('k')).toBe('after');
  });

  it('serves nothing while the source is not trusted, and keeps nothing read meanwhile', async () => {
    const source = new TestSource();
    const cache = make(source);
    await cache.get('k', async () => ({ value: 'cached', topics: ['game:1'] }));
    source.trusted = false;
    expect(cache.peek('k')).toBeUndefined();
    const load = vi.fn(async () => ({ value: 'read', topics: ['game:1'] }));
    expect(await cache.get('k', load)).toBe('read');
    expect(await cache.get('k', load)).toBe('read');
    expect(load).toHaveBeenCalledTimes(2);
    source.trusted = true;
    // What was cached before is served again only if no announcement dropped it meanwhile; the
    // channel forgets everything when trust returns after a lapse (see invalidation-channel.ts).
    source.forgetEverything();
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keeps a value at most maxAgeMs, or until its own expiry, whichever comes first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const source = new TestSource();
      const cache = make(source, 30_000);
      await cache.get('aged', async () => ({ value: 'v', topics: [] }));
      const expiresAt = Date.now() + 5_000;
      await cache.get('expiring', async () => ({ value: 'v', topics: [], expiresAt }));
      vi.setSystemTime(Date.now() + 4_999);
      expect([cache.peek('aged'), cache.peek('expiring')]).toEqual(['v', 'v']);
      vi.setSystemTime(Date.now() + 1);
      expect(cache.peek('expiring')).toBeUndefined();
      vi.setSystemTime(Date.now() + 25_000);
      expect(cache.peek('aged')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is off with maxAgeMs 0: every lookup reads', async () => {
    const cache = make(new TestSource(), 0);
    const load = vi.fn(async () => ({ value: 'v', topics: [] }));
    await cache.get('k', load);
    await settle();
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps what this node's own write left, in place of the read after it", async () => {
    const source = new TestSource();
    const cache = make(source);
    await cache.get('k', async () => ({ value: 'seq 1', topics: ['game:1'] }));
    const start = cache.beginWrite();
    // The write commits; its announcement drops the old value, and the new one is kept.
    const announced = cache.announceWrite(
      'k',
      { value: 'seq 2', topics: ['game:1'] },
      start,
      () => {
        source.announce('game:1');
        return 'published';
      },
    );
    expect(announced).toBe('published');
    const load = vi.fn(async () => ({ value: 'read', topics: ['game:1'] }));
    expect(await cache.get('k', load)).toBe('seq 2');
    expect(load).not.toHaveBeenCalled();
    expect(cache.stats).toEqual({ hits: 1, reads: 1, shared: 0, written: 1 });

    // A later change drops it as it drops a read.
    source.announce('game:1');
    expect(await cache.get('k', load)).toBe('read');
  });

  it('does not keep a write that another change of its topics overtook', async () => {
    const source = new TestSource();
    const cache = make(source);
    const start = cache.beginWrite();
    // Another node's move in the same game, heard while this one was being written: the value
    // this write knows may lack it.
    source.announce('game:1');
    cache.announceWrite('k', { value: 'mine', topics: ['game:1'] }, start, () =>
      source.announce('game:1'),
    );
    expect(cache.peek('k')).toBeUndefined();

    // A change of another game does not stop it; distrust does.
    const next = cache.beginWrite();
    source.announce('game:2');
    cache.announceWrite('k', { value: 'mine', topics: ['game:1'] }, next, () =>
      source.announce('game:1'),
    );
    expect(cache.peek('k')).toBe('mine');
    source.trusted = false;
    const untrusted = cache.beginWrite();
    cache.announceWrite('j', { value: 'mine', topics: ['game:3'] }, untrusted, () =>
      source.announce('game:3'),
    );
    source.trusted = true;
    expect(cache.peek('j')).toBeUndefined();
    expect(cache.stats.written).toBe(1);
  });

  it('replaces its own key in place when a write announces itself, and leaves nothing older', async () => {
    const source = new TestSource();
    const cache = make(source);
    const load = vi.fn(async () => ({ value: 'read', topics: ['game:1'] }));
    await cache.get('k', async () => ({ value: 'seq 1', topics: ['game:1'] }));
    await cache.get('other', async () => ({ value: 'counts 1', topics: ['game:1'] }));
    for (const seq of [2, 3]) {
      cache.announceWrite(
        'k',
        { value: `seq ${seq}`, topics: ['game:1'] },
        cache.beginWrite(),
        () => source.announce('game:1'),
      );
      expect(cache.peek('k')).toBe(`seq ${seq}`);
      // Every other value under the topic went with the announcement.
      expect(cache.peek('other')).toBeUndefined();
    }
    // Still indexed under its topic: the next change drops it.
    source.announce('game:1');
    expect(await cache.get('k', load)).toBe('read');

    // A write overtaken by another change, or that may not be kept now, leaves no copy at all.
    cache.announceWrite('k', { value: 'seq 9', topics: ['game:1'] }, cache.beginWrite(), () => {
      source.trusted = false;
      source.announce('game:1');
    });
    source.trusted = true;
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => ({ value: 'seq 4', topics: ['game:1'] }));
    const start = cache.beginWrite();
    source.announce('game:1');
    await cache.get('k', async () => ({ value: 'seq 5', topics: ['game:1'] }));
    cache.announceWrite('k', { value: 'stale', topics: ['game:1'] }, start, () =>
      source.announce('game:1'),
    );
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keeps nothing of a read that failed, and tells every request that shared it', async () => {
    const cache = make(new TestSource());
    const load = vi.fn(async (): Promise<CacheFill<string>> => {
      throw new Error('Game not found');
    });
    await expect(Promise.all([cache.get('k', load), cache.get('k', load)])).rejects.toThrow(
      'Game not found',
    );
    expect(load).toHaveBeenCalledTimes(1);
    await expect(cache.get('k', load)).rejects.toThrow('Game not found');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
