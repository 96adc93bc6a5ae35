import { describe, expect, it } from 'vitest';
import { KeyedBatcher } from './keyed-batcher.ts';

interface Item {
  key: string;
  value: number;
}

/** A batcher whose batches wait for `release()`, recording what each batch held. */
function controlledBatcher(options: { maxBatchSize?: number; maxInFlight?: number } = {}) {
  const batches: Item[][] = [];
  const done: { size: number; seconds: number }[] = [];
  let running = 0;
  let mostRunning = 0;
  const releases: (() => void)[] = [];
  const batcher = new KeyedBatcher<Item, string>({
    keyOf: (item) => item.key,
    maxBatchSize: options.maxBatchSize ?? 10,
    maxInFlight: options.maxInFlight ?? 1,
    onBatchDone: (size, seconds) => done.push({ size, seconds }),
    run: async (items) => {
      batches.push([...items]);
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      return items.map((item) => `${item.key}:${item.value}`);
    },
  });
  const releaseAll = async () => {
    // Let queued flushes start their batches, then release every batch started so far.
    for (let round = 0; round < 20; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.splice(0).forEach((release) => release());
    }
  };
  return { batcher, batches, done, releaseAll, mostRunning: () => mostRunning };
}

describe('KeyedBatcher', () => {
  it('puts inputs submitted together into one batch and answers each its own output', async () => {
    const { batcher, batches, done, releaseAll } = controlledBatcher();
    const outputs = Promise.all([
      batcher.submit({ key: 'a', value: 1 }),
      batcher.submit({ key: 'b', value: 2 }),
      batcher.submit({ key: 'c', value: 3 }),
    ]);
    await releaseAll();
    expect(await outputs).toEqual(['a:1', 'b:2', 'c:3']);
    expect(batches.map((batch) => batch.length)).toEqual([3]);
    expect(done).toEqual([{ size: 3, seconds: expect.any(Number) }]);
  });

  it('never puts two inputs with one key in a batch, nor runs them at once', async () => {
    const { batcher, batches, releaseAll, mostRunning } = controlledBatcher({ maxInFlight: 4 });
    const outputs = Promise.all([
      batcher.submit({ key: 'a', value: 1 }),
      batcher.submit({ key: 'a', value: 2 }),
      batcher.submit({ key: 'b', value: 3 }),
      batcher.submit({ key: 'a', value: 4 }),
    ]);
    await releaseAll();
    expect(await outputs).toEqual(['a:1', 'a:2', 'b:3', 'a:4']);
    for (const batch of batches) {
      expect(new Set(batch.map((item) => item.key)).size).toBe(batch.length);
    }
    // Same key, in submission order, one batch at a time.
    expect(
      batches
        .flat()
        .filter((item) => item.key === 'a')
        .map((item) => item.value),
    ).toEqual([1, 2, 4]);
    expect(mostRunning()).toBe(1);
  });

  it('respects the batch size and the batches in flight, gathering inputs meanwhile', async () => {
    const { batcher, batches, releaseAll, mostRunning } = controlledBatcher({
      maxBatchSize: 2,
      maxInFlight: 2,
    });
    const outputs = Promise.all(
      Array.from({ length: 7 }, (_, value) => batcher.submit({ key: `k${value}`, value })),
    );
    await releaseAll();
    expect((await outputs).length).toBe(7);
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(mostRunning()).toBe(2);
  });

  it('fails every input of a batch that throws, and goes on with the next batch', async () => {
    let calls = 0;
    const batcher = new KeyedBatcher<Item, number>({
      keyOf: (item) => item.key,
      maxBatchSize: 10,
      maxInFlight: 1,
      run: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return items.map((item) => item.value);
      },
    });
    const first = [batcher.submit({ key: 'a', value: 1 }), batcher.submit({ key: 'b', value: 2 })];
    await expect(first[0]).rejects.toThrow('database down');
    await expect(first[1]).rejects.toThrow('database down');
    await expect(batcher.submit({ key: 'a', value: 3 })).resolves.toBe(3);
  });

  it('fails a batch whose outputs do not match its inputs', async () => {
    const batcher = new KeyedBatcher<Item, number>({
      keyOf: (item) => item.key,
      maxBatchSize: 10,
      maxInFlight: 1,
      run: async () => [1],
    });
    const outputs = [
      batcher.submit({ key: 'a', value: 1 }),
      batcher.submit({ key: 'b', value: 2 }),
    ];
    await expect(outputs[0]).rejects.toThrow('2 inputs');
    await expect(outputs[1]).rejects.toThrow('2 inputs');
  });

  it('refuses sizes below one', () => {
    expect(
      () =>
        new KeyedBatcher<Item, number>({
          keyOf: (item) => item.key,
          maxBatchSize: 0,
          maxInFlight: 1,
          run: async () => [],
        }),
    ).toThrow(RangeError);
  });
});
