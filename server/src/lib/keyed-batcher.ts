/** How a `KeyedBatcher` groups and paces its batches. */
export interface KeyedBatcherOptions<Input, Output> {
  /** Runs one batch: one output per input, in the same order. A throw fails the whole batch. */
  run: (inputs: readonly Input[]) => Promise<readonly Output[]>;
  /** Inputs with the same key never share a batch and never run at the same time. */
  keyOf: (input: Input) => number | string;
  /** The most inputs one batch takes; the rest wait for the next. */
  maxBatchSize: number;
  /** The most batches running at once; while all run, new inputs gather into the next. */
  maxInFlight: number;
  /** Told after every batch, failed or not: how many inputs it took and how long it ran. */
  onBatchDone?: (size: number, seconds: number) => void;
}

interface Pending<Input, Output> {
  input: Input;
  key: number | string;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces concurrent calls into batches: every input submitted while the event loop handles
 * one round of I/O (and every input that arrives while `maxInFlight` batches are running) goes
 * into the next batch, which `run` handles in one go (for the guess route: one or two
 * statements for the whole batch instead of two per guess). Each caller gets its own output or the batch's
 * error. Inputs that share a key are kept apart, so `run` may assume that a batch holds at most
 * one input per key and that no other batch of this process is working on that key.
 *
 * Written here rather than taken from a library: DataLoader-style loaders batch per tick, but
 * neither keep same-key inputs apart nor bound the batches in flight, which is what makes the
 * guess batch safe and self-pacing.
 */
export class KeyedBatcher<Input, Output> {
  private queue: Pending<Input, Output>[] = [];
  private readonly busyKeys = new Set<number | string>();
  private inFlight = 0;
  private flushScheduled = false;

  constructor(private readonly options: KeyedBatcherOptions<Input, Output>) {
    if (options.maxBatchSize < 1 || options.maxInFlight < 1) {
      throw new RangeError('maxBatchSize and maxInFlight must be at least 1');
    }
  }

  /** Queues one input; resolves with its output once its batch has run. */
  submit(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.queue.push({ input, key: this.options.keyOf(input), resolve, reject });
      this.scheduleFlush();
    });
  }

  /** Inputs waiting for a batch (not counting those in a running batch). */
  get waiting(): number {
    return this.queue.length;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // After the I/O callbacks of this loop turn: the requests parsed together batch together.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.inFlight += 1;
      void this.runBatch(batch);
    }
  }

  /** The oldest inputs whose keys are free, one per key, up to the batch size. */
  private takeBatch(): Pending<Input, Output>[] {
    const batch: Pending<Input, Output>[] = [];
    const rest: Pending<Input, Output>[] = [];
    for (const pending of this.queue) {
      if (batch.length < this.options.maxBatchSize && !this.busyKeys.has(pending.key)) {
        this.busyKeys.add(pending.key);
        batch.push(pending);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async runBatch(batch: Pending<Input, Output>[]): Promise<void> {
    const startedAt = performance.now();
    try {
      const outputs = await this.options.run(batch.map((pending) => pending.input));
      if (outputs.length !== batch.length) {
        throw new Error(`batch returned ${outputs.length} outputs for ${batch.length} inputs`);
      }
      batch.forEach((pending, index) => pending.resolve(outputs[index]!));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      for (const pending of batch) this.busyKeys.delete(pending.key);
      this.inFlight -= 1;
      this.options.onBatchDone?.(batch.length, (performance.now() - startedAt) / 1000);
      if (this.queue.length > 0) this.scheduleFlush();
    }
  }
}
