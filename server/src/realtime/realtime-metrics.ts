import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Where the Notifier counts the events it sends out. */
export interface EventMetrics {
  emitted(event: string): void;
}

/** Where the adapter's publisher reports each PUBLISH's fate. */
export interface PublishMetrics {
  /** Redis acknowledged a publish after this long: the event reached every node's subscription. */
  published: (seconds: number) => void;
  /** A publish failed (Redis away): the event did not leave this node. */
  dropped: () => void;
}

/**
 * The real-time channel's metrics, all in one place: the sockets this node holds (read from the
 * socket ledger when scraped), the adapter's publishes (their round trip to Redis, which is how
 * late an event reaches the other nodes, and those dropped) and the events the Notifier fanned
 * out, by name.
 */
export function registerSocketMetrics(registry: Registry, sockets: () => number): PublishMetrics {
  new Gauge({
    name: 'jotto_sockets',
    help: 'Socket.IO sockets this node holds (admitted, signed in)',
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  const publishSeconds = new Histogram({
    name: 'jotto_event_publish_seconds',
    help: "Time from an event's PUBLISH to Redis acknowledging it: how late it reaches the other nodes",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5],
    registers: [registry],
  });
  const dropped = new Counter({
    name: 'jotto_events_dropped_total',
    help: 'Events that could not be published to the other nodes (Redis away); clients catch up by polling',
    registers: [registry],
  });
  return {
    published: (seconds) => publishSeconds.observe(seconds),
    dropped: () => dropped.inc(),
  };
}

/**
 * `jotto_events_total{event}`: events the Notifier sent out. Counted in plain numbers and added
 * to the counter when scraped, so that an emit pays no label lookup.
 */
export function registerEventMetrics(registry: Registry): EventMetrics {
  const unread = new Map<string, number>();
  new Counter({
    name: 'jotto_events_total',
    help: 'Real-time events fanned out by the Notifier, by event name',
    labelNames: ['event'] as const,
    registers: [registry],
    collect() {
      for (const [event, count] of unread) {
        if (count > 0) this.inc({ event }, count);
        unread.set(event, 0);
      }
    },
  });
  return {
    emitted(event) {
      unread.set(event, (unread.get(event) ?? 0) + 1);
    },
  };
}
