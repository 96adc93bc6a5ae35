import { Counter, type Registry } from 'prom-client';

/** What became of a claimed move of the computer opponent. */
export type BotMoveResult = 'made' | 'done' | 'lost' | 'failed' | 'given back';

/** Where the bot move job counts the moves it found due and what became of them. */
export interface BotMoveMetrics {
  due(count: number): void;
  ended(result: BotMoveResult): void;
}

/**
 * The computer opponent's moves: those this node claimed as due, and what became of each
 * (made; done: the computer had finished; lost: its lease ran out first; failed: it is tried
 * again after its lease; given back: the node stopped). Due outrunning made means the nodes
 * fall behind the pace.
 */
export function registerBotMetrics(registry: Registry): BotMoveMetrics {
  const due = new Counter({
    name: 'jotto_bot_moves_due_total',
    help: 'Moves of the computer opponent this node claimed as due',
    registers: [registry],
  });
  const ended = new Counter({
    name: 'jotto_bot_moves_total',
    help: 'Claimed moves of the computer opponent by result: made, done, lost, failed, given_back',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  // Every result shows from the start (at 0), so a rate over them never lacks a series.
  for (const result of ['made', 'done', 'lost', 'failed', 'given_back']) ended.inc({ result }, 0);
  return {
    due: (count) => due.inc(count),
    ended: (result) => ended.inc({ result: result.replace(' ', '_') }),
  };
}
