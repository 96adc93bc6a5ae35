import net from 'node:net';

/**
 * A TCP proxy in front of Postgres that counts the transactions of the connections made through
 * it: one node's own, exactly and at once. Chosen over `pg_stat_database.xact_commit`, which
 * counts every client of the database together and which Postgres updates only when a backend
 * flushes its statistics (up to 10 s after an idle backend's last statement), so a window would
 * have to wait that long at both ends.
 *
 * It reads only what the server sends (the client's bytes pass untouched): every message is a
 * type byte and a length. A transaction ends at each ReadyForQuery ('Z') that finds the
 * connection idle ('I') after a statement answered (CommandComplete 'C', EmptyQueryResponse
 * 'I', ErrorResponse 'E') or after a transaction block: an autocommit statement counts once, a
 * BEGIN … COMMIT once, and the ReadyForQuery after the start-up handshake not at all.
 * Notifications ('A', LISTEN) are not statements and count nothing. The client must not ask
 * for TLS (the app's connections do not unless the URL says so).
 */
export class PostgresTransactionCounter {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Transactions ended so far, over every connection. */
  transactions = 0;

  constructor(private readonly upstream: { host: string; port: number }) {}

  /** Listens on a spare loopback port; answers it. */
  async start(): Promise<number> {
    const server = net.createServer((client) => this.relay(client));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private relay(client: net.Socket): void {
    const server = net.connect(this.upstream.port, this.upstream.host);
    for (const socket of [client, server]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        server.destroy();
      });
    }
    client.pipe(server);
    let pending: Buffer = Buffer.alloc(0);
    let answered = false;
    let inBlock = false;
    server.on('data', (chunk: Buffer) => {
      client.write(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let at = 0;
      while (pending.length - at >= 5) {
        const length = pending.readUInt32BE(at + 1);
        if (pending.length - at < 1 + length) break;
        const type = String.fromCharCode(pending[at]!);
        if (type === 'C' || type === 'I' || type === 'E') answered = true;
        if (type === 'Z') {
          const status = String.fromCharCode(pending[at + 5]!);
          if (status === 'I' && (answered || inBlock)) this.transactions += 1;
          inBlock = status !== 'I';
          answered = false;
        }
        at += 1 + length;
      }
      pending = pending.subarray(at);
    });
    server.on('end', () => client.end());
    client.on('end', () => server.end());
  }
}
