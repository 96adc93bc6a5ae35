import { type Callback, Redis, type RedisOptions } from 'ioredis';

/**
 * The key prefix of the Socket.IO Redis adapter's channels: every node, and the admin CLI that
 * disconnects a banned account's sockets, must use the same one.
 */
export const SOCKET_ADAPTER_KEY = 'jotto:socket.io';

/** A command the adapter sends without waiting for its outcome. */
export type FireAndForgetCommand = 'publish' | 'subscribe' | 'psubscribe';

/**
 * A connection made for the Socket.IO Redis adapter alone. The adapter sends PUBLISH (every
 * event that leaves this node, every cross-node request) and (P)SUBSCRIBE (once, when it is
 * created) without awaiting them or passing a callback. When such a command fails, ioredis
 * rejects its promise: at once while Redis is away on a connection without an offline queue,
 * or when the connection is closed with the command still queued. Neither the adapter nor
 * ioredis has an option that handles that failure, and a rejection nobody handles ends the
 * process (close-with-grace treats it as fatal). So these three commands handle their own
 * failure: it is reported, and the promise settles (a publish answers 0, no node reached: the
 * event is lost, which clients make up for by polling). Every other command still rejects as
 * usual, and every other use of Redis in the app awaits its commands.
 */
export class AdapterConnection extends Redis {
  constructor(
    options: RedisOptions,
    private readonly onDropped: (command: FireAndForgetCommand, error: unknown) => void,
    /** Told how long each publish took to be acknowledged (the fan-out's lag, for /metrics). */
    private readonly onPublished: (seconds: number) => void = () => {},
  ) {
    // The adapter reads replies in the shapes of RESP2 (ioredis's default mapping).
    super({ ...options, replyMapping: 'legacy' });
  }

  // No callback parameter: ioredis would send an `undefined` one to Redis as an argument.
  override publish(channel: string | Buffer, message: string | Buffer): Promise<number> {
    const sentAt = performance.now();
    return super.publish(channel, message).then(
      (reached) => {
        this.onPublished((performance.now() - sentAt) / 1000);
        return reached;
      },
      (error: unknown) => {
        this.onDropped('publish', error);
        return 0;
      },
    );
  }

  // The adapter passes its channels as one array, which ioredis flattens; these pass their
  // arguments on untouched.
  override subscribe(...args: (string | Buffer | Callback<unknown>)[]): Promise<unknown> {
    return this.settled('subscribe', super.subscribe(...(args as (string | Buffer)[])));
  }

  override psubscribe(...args: (string | Callback<unknown>)[]): Promise<unknown> {
    return this.settled('psubscribe', super.psubscribe(...(args as string[])));
  }

  private settled(command: FireAndForgetCommand, sent: Promise<unknown>): Promise<unknown> {
    return sent.catch((error: unknown) => {
      this.onDropped(command, error);
      return 0;
    });
  }
}
