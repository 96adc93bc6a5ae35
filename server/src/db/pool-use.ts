import type postgres from 'postgres';

/**
 * How busy this node's Postgres pool is, counted where the app hands work to postgres.js (which
 * exposes no count of its own): a transaction holds one connection from its BEGIN to its end,
 * a statement outside a transaction holds one while it runs. Work beyond the pool's size waits,
 * queued or pipelined behind another statement on a busy connection, so `inFlight - max` is
 * what is waiting for a connection.
 */
export class PoolUse {
  /** Transactions and lone statements sent and not yet settled. */
  inFlight = 0;
  /** Told how long each transaction waited for its connection (and its BEGIN). */
  onAcquired: ((seconds: number) => void) | null = null;

  constructor(readonly max: number) {}

  get inUse(): number {
    return Math.min(this.inFlight, this.max);
  }

  get waiting(): number {
    return Math.max(0, this.inFlight - this.max);
  }
}

/**
 * The pool as the app sees it, every use counted in `use`: its tagged template and `unsafe`
 * (lone statements: counted from the moment they are awaited, when postgres.js sends them, to
 * their outcome) and `begin` (a transaction: counted from the call to its end; the time to its
 * first statement is the wait for a connection). Statements inside a transaction go through the
 * transaction's own handle and are not counted again. Everything else passes through as is.
 */
export function countedPool(client: postgres.Sql, use: PoolUse): postgres.Sql {
  const begin = (...args: unknown[]) => {
    const fn = args.pop() as (tx: unknown) => unknown;
    const askedAt = performance.now();
    let acquired = false;
    use.inFlight += 1;
    const wrapped = (tx: unknown) => {
      if (!acquired) {
        acquired = true;
        use.onAcquired?.((performance.now() - askedAt) / 1000);
      }
      return fn(tx);
    };
    const settled = (client.begin as (...a: unknown[]) => Promise<unknown>)(...args, wrapped);
    return settled.finally(() => {
      use.inFlight -= 1;
    });
  };
  const unsafe = (...args: Parameters<postgres.Sql['unsafe']>) =>
    countedWhenSent(client.unsafe(...args), use);
  return new Proxy(client, {
    apply(target, thisArg, args: unknown[]) {
      const made: unknown = Reflect.apply(target, thisArg, args);
      // A tagged template makes a query; `sql('name')` makes an identifier, which is no use.
      return isThenable(made) ? countedWhenSent(made, use) : made;
    },
    get(target, property, receiver) {
      if (property === 'begin') return begin;
      if (property === 'unsafe') return unsafe;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * A postgres.js query is lazy: it is sent when first awaited (its `then`), and `.values()` and
 * the like answer the same object. Its first `then` counts it in, its outcome out.
 */
function countedWhenSent<Q extends PromiseLike<unknown>>(query: Q, use: PoolUse): Q {
  const then: PromiseLike<unknown>['then'] = query.then.bind(query);
  let sent = false;
  Object.defineProperty(query, 'then', {
    configurable: true,
    writable: true,
    value: (...args: Parameters<PromiseLike<unknown>['then']>) => {
      if (!sent) {
        sent = true;
        use.inFlight += 1;
        const done = () => {
          use.inFlight -= 1;
        };
        then(done, done);
      }
      return then(...args);
    },
  });
  return query;
}
