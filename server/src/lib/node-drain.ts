/**
 * A node's drain, the first part of its shutdown (ops/node-shutdown.ts runs the whole): from
 * `begin` on the node is not ready (`/readyz` answers 503, so a balancer that watches it stops
 * sending new players; the real-time handshake refuses new sockets, so a client reconnecting
 * through a balancer that has not noticed yet tries again rather than land here), and every job
 * registered with `onBegin` hands its work over at once: its timer stops and what it holds under
 * a lease is given back, so another node takes it over without waiting for the lease to expire.
 * What follows (requests in flight answered, sockets sent elsewhere) is the server's close.
 */
export class NodeDrain {
  private began: Promise<void> | null = null;
  private readonly handovers: Array<() => Promise<void>> = [];

  /** True from `begin` on. */
  get draining(): boolean {
    return this.began !== null;
  }

  /**
   * Registers a job's handover: stop looking for work, give back what it holds. It must not
   * throw (a job logs its own failures) and may be called again at close.
   */
  onBegin(handover: () => Promise<void>): void {
    this.handovers.push(handover);
  }

  /** Starts draining (once); resolves when every job has handed its work over. */
  begin(): Promise<void> {
    this.began ??= Promise.all(this.handovers.map((handover) => handover())).then(() => {});
    return this.began;
  }
}
