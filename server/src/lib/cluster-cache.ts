import { LRUCache } from 'lru-cache';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * What one node hears about changes made anywhere in the cluster (see
 * `realtime/invalidation-channel.ts`): a change is announced, after it commits, under one or
 * more topics (`game:12`, `session:…`), and every node drops what it cached under them.
 */
export interface InvalidationSource {
  /**
   * Whether what was cached may be served now: every change announced until a moment at most
   * the staleness bound ago has been heard. False while Redis is down or silent.
   */
  readonly trusted: boolean;
  /**
   * What `jotto_cache_trusted` reports, without waking anything that `trusted` wakes: `trusted`
   * while the caches are in use; at rest (nothing looked up for a while, nothing checked),
   * whether the connection that hears the changes is up.
   */
  readonly trustedAtRest: boolean;
  /** Where this node is in the stream of announcements it has heard. */
  position(): number;
  /** Whether a change under any of `topics` (or of everything) was heard after `position`. */
  changedSince(position: number, topics: readonly string[]): boolean;
  /** Calls `listener` for every announcement heard: its topics, or 'all' (forget everything). */
  subscribe(listener: (topics: readonly string[] | 'all') => void): void;
}

/** Announces a change to every node, this one first; call it after the change commits. */
export interface InvalidationPublisher {
  /**
   * Resolves once every node can hear it (Redis has queued it for them), or at once while
   * Redis is failing; never rejects. Await it before answering the request that made the
   * change, so that a poll sent after that answer finds the announcement on every node.
   */
  publish(topics: readonly string[]): Promise<void>;
}

/** A value read from the database, and what it was read from. */
export interface CacheFill<V> {
  value: V;
  /** The state the value depends on: a change announced under any of these drops it. */
  topics: readonly string[];
  /** When the value stops being true by itself (an expiry, not a change), in ms since the epoch. */
  expiresAt?: number | null;
}

/** What a cache's lookups came to, since the process started. */
export interface CacheStats {
  /** Served from memory. */
  hits: number;
  /** Read from the database (and kept, unless a change overtook the read). */
  reads: number;
  /** Waited for a read that another request had started. */
  shared: number;
  /** Kept from a write on this node (`announceWrite`), with no read. */
  written: number;
}

/** A cache's counts before its first lookup (and those of a cache that is off). */
export function emptyCacheStats(): CacheStats {
  return { hits: 0, reads: 0, shared: 0, written: 0 };
}

/** Where a write began in the stream of announcements (see `ClusterCache.announceWrite`). */
export interface WriteStart {
  position: number;
  /** Date.now() then: the value's age counts from here. */
  at: number;
}

interface Entry<V> {
  value: V;
  topics: readonly string[];
  expiresAt: number;
}

const sameTopics = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((topic, i) => topic === b[i]);

export interface ClusterCacheOptions<V> {
  /** Entries kept at most (least recently used go first). */
  max: number;
  /**
   * The longest an entry is kept without being read again: the bound on staleness when a
   * change's announcement was lost although Redis was up. 0 turns the cache off.
   */
  maxAgeMs: number;
  /** With `sizeOf`, the total size kept at most (e.g. bytes of the answers). */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

/**
 * Values read from the database, kept on this node until a change of what they were read from
 * is announced. The rules that keep it correct across nodes:
 *
 * - A value is served only while the source is `trusted` (every change announced until a
 *   moment at most the staleness bound ago has been heard), and at most `maxAgeMs` after it was
 *   read, or until its own expiry.
 * - A read that a change of its topics overtook (heard while the read was under way) is
 *   answered but not kept: it may have missed the change.
 * - A request that arrives after a change was heard never shares a read started before it.
 */
export class ClusterCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly keysByTopic = new Map<string, Set<string>>();
  /** The key a write of this node is about to replace, while it announces itself. */
  private replacing: string | null = null;
  /** Reads under way, shared by the requests for the same key that arrive meanwhile. */
  private loading = new Map<string, Promise<V>>();
  private readonly maxAgeMs: number;
  readonly stats: CacheStats = emptyCacheStats();

  constructor(
    private readonly source: InvalidationSource,
    options: ClusterCacheOptions<V>,
  ) {
    this.maxAgeMs = options.maxAgeMs;
    const { sizeOf, maxSize } = options;
    this.entries = new LRUCache<string, Entry<V>>({
      max: options.max,
      ...(maxSize !== undefined && sizeOf
        ? { maxSize, sizeCalculation: (entry: Entry<V>) => Math.max(1, sizeOf(entry.value)) }
        : {}),
      dispose: (entry, key) => this.unindex(key, entry.topics),
    });
    source.subscribe((topics) => this.invalidate(topics));
  }

  /** The value cached for `key`, if it may be served now (counted as a hit). */
  peek(key: string): V | undefined {
    const cached = this.fresh(key);
    if (cached !== undefined) this.stats.hits += 1;
    return cached;
  }

  private fresh(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined || !this.source.trusted) return undefined;
    if (Date.now() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The value of `key`: cached, or read by `load` (one read at a time per key; requests that
   * come meanwhile share it) and kept if nothing it depends on changed while it was read. What
   * `load` throws is thrown to every request sharing the read, and nothing is kept.
   */
  async get(key: string, load: () => Promise<CacheFill<V>>): Promise<V> {
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    let pending = this.loading.get(key);
    if (pending !== undefined) {
      this.stats.shared += 1;
    } else {
      this.stats.reads += 1;
      const loads = this.loading;
      pending = this.fill(key, load).finally(() => {
        if (loads.get(key) === pending) loads.delete(key);
      });
      loads.set(key, pending);
    }
    return pending;
  }

  /** Where a write that begins now starts from, for `announceWrite`. */
  beginWrite(): WriteStart {
    return { position: this.source.position(), at: Date.now() };
  }

  /**
   * Announces a write this node has committed, by calling `announce` (which the source hears at
   * once: this node's own announcements are heard before `publish` returns), and keeps `written`,
   * the state the write left as the writer knows it, in place of a read after it. Kept only if no
   * other change of its topics was heard since `start`, taken before the write began: that one
   * could be a concurrent write whose effect `written` lacks. A change heard later drops it as
   * it would drop a read. Returns what `announce` returned.
   */
  announceWrite<T>(key: string, written: CacheFill<V>, start: WriteStart, announce: () => T): T {
    // Checked, announced and kept in one synchronous step: nothing can be heard in between.
    const overtaken = this.source.changedSince(start.position, written.topics);
    // The write's own announcement leaves `key` in place, to be replaced at once: dropping it
    // and indexing its successor under the same topics was a tenth of a guess's CPU on the
    // guess bench, where every move rewrites its game. Whatever happens below, no copy older
    // than `written` survives (cluster-cache.test.ts: 'replaces its own key in place').
    this.replacing = overtaken ? null : key;
    let announced: T;
    try {
      announced = announce();
    } finally {
      this.replacing = null;
    }
    if (!overtaken && this.keep(key, written, start.at)) this.stats.written += 1;
    else if (!overtaken) this.entries.delete(key);
    return announced;
  }

  private async fill(key: string, load: () => Promise<CacheFill<V>>): Promise<V> {
    const position = this.source.position();
    const readAt = Date.now();
    const read = await load();
    if (!this.source.changedSince(position, read.topics)) this.keep(key, read, readAt);
    return read.value;
  }

  /**
   * Keeps a value read (or written) at `readAt` that no announced change overtook, unless it is
   * already too old or nothing may be trusted now; says whether it did.
   */
  private keep(key: string, fill: CacheFill<V>, readAt: number): boolean {
    const expiresAt = Math.min(readAt + this.maxAgeMs, fill.expiresAt ?? Infinity);
    if (this.maxAgeMs <= 0 || expiresAt <= Date.now() || !this.source.trusted) return false;
    const current = this.entries.get(key);
    if (current !== undefined && sameTopics(current.topics, fill.topics)) {
      // Already indexed under these topics: the value changes, the index does not.
      current.value = fill.value;
      current.expiresAt = expiresAt;
      return true;
    }
    this.entries.set(key, { value: fill.value, topics: fill.topics, expiresAt });
    for (const topic of fill.topics) {
      let keys = this.keysByTopic.get(topic);
      if (keys === undefined) this.keysByTopic.set(topic, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  private invalidate(topics: readonly string[] | 'all'): void {
    // Reads started before this change may have missed it: later requests start their own.
    if (this.loading.size > 0) this.loading = new Map();
    if (topics === 'all') {
      this.keysByTopic.clear();
      this.entries.clear();
      return;
    }
    for (const topic of topics) {
      const keys = this.keysByTopic.get(topic);
      if (keys === undefined) continue;
      // Deleting from a Set while iterating it is well defined: each key is visited once.
      for (const key of keys) if (key !== this.replacing) this.entries.delete(key);
    }
  }

  private unindex(key: string, topics: readonly string[]): void {
    for (const topic of topics) {
      const keys = this.keysByTopic.get(topic);
      if (keys === undefined) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTopic.delete(topic);
    }
  }
}

/**
 * `jotto_cache_lookups_total{cache, result}` in the app's Prometheus registry: each cache's
 * lookups by outcome (hit: from memory; read: from the database; shared: waited for another
 * request's read) and its values kept from this node's own writes (written), read from the
 * caches' own counts when scraped (nothing per request); and
 * `jotto_cache_trusted`, whether the node serves from them at all.
 */
export function registerCacheMetrics(
  registry: Registry,
  source: InvalidationSource,
  caches: Record<string, { readonly stats: CacheStats }>,
): void {
  new Gauge({
    name: 'jotto_cache_trusted',
    help: 'Whether this node serves from its caches (1): it has heard from Redis within CACHE_MAX_STALE_MS (at rest, with no lookup for a minute: whether its subscription is connected)',
    registers: [registry],
    collect() {
      this.set(source.trustedAtRest ? 1 : 0);
    },
  });
  const reported = new Map<string, number>();
  new Counter({
    name: 'jotto_cache_lookups_total',
    help: "Lookups of the per-node caches (sessions, poll answers, games) by cache and outcome, and values kept from this node's writes (written)",
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      for (const [cache, { stats }] of Object.entries(caches)) {
        for (const result of ['hits', 'reads', 'shared', 'written'] as const) {
          const key = `${cache}:${result}`;
          const delta = stats[result] - (reported.get(key) ?? 0);
          reported.set(key, stats[result]);
          if (delta > 0) this.inc({ cache, result: result.replace(/s$/, '') }, delta);
        }
      }
    },
  });
}
