import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.ts';
import type { InvalidationPublisher, InvalidationSource } from '../lib/cluster-cache.ts';
import type { Notifier } from '../realtime/notifier.ts';
import { GameAnnouncer } from './game-announcer.ts';
import { GameClock } from './game-clock.ts';
import { GameClockJob } from './game-clock-job.ts';
import { GameCreation } from './game-creation.ts';
import { GameMarks } from './game-marks.ts';
import { GameRetention } from './game-retention.ts';
import { GameStateCache } from './game-state-cache.ts';
import { readGames } from './game-state.ts';
import { GameViews } from './game-views.ts';
import { GameWatchersHook } from './game-watchers.ts';
import { GuessCommand } from './guess-command.ts';
import { registerGameMetrics } from './game-metrics.ts';
import { MoveRecorder } from './move-recorder.ts';
import { PhraseService } from './phrase-service.ts';

/** The game domain's parts, each with one job (see server/src/README.md, 'games/'). */
export interface GameDomain {
  /** The per-node cache of games every read and move goes through. */
  states: GameStateCache;
  creation: GameCreation;
  guesses: GuessCommand;
  views: GameViews;
  marks: GameMarks;
  /** Quick phrases: saying one, muting the opponent's. */
  phrases: PhraseService;
  retention: GameRetention;
  announcer: GameAnnouncer;
  /** Where watching (server/src/watching/) plugs in: app.ts attaches it. */
  watchers: GameWatchersHook;
  /** Ends games whose time is up (started by the app, stopped on close). */
  clockJob: GameClockJob;
}

/** What the game domain needs from the app. */
export interface GameDomainDeps {
  database: DatabaseHandle;
  notifier: Notifier;
  invalidations: InvalidationSource & InvalidationPublisher;
  /** The longest a game is kept in memory without being read again (0: never kept). */
  cacheMaxAgeMs: number;
  metrics: Registry;
  log: FastifyBaseLogger;
  /** What time it is for the rules (a daily's day, a deadline); tests hand in their own. */
  clock: () => Date;
  /** A player solved the daily of `day`, committed (the day's leaders must show it). */
  dailySolved: (day: string) => Promise<void>;
}

/** Builds the game domain's parts around one cache of games and one announcer. */
export function createGameDomain(deps: GameDomainDeps): GameDomain {
  const { db, runPrepared } = deps.database;
  const states = new GameStateCache(
    deps.invalidations,
    deps.invalidations,
    (gameIds) => readGames(runPrepared, gameIds),
    deps.cacheMaxAgeMs,
  );
  const metrics = registerGameMetrics(deps.metrics);
  const watchers = new GameWatchersHook();
  const announcer = new GameAnnouncer(
    states,
    deps.notifier,
    deps.dailySolved,
    metrics.guesses,
    watchers,
  );
  const recorder = new MoveRecorder(db, runPrepared, states, deps.log, deps.clock, metrics.batches);
  return {
    states,
    creation: new GameCreation(db),
    guesses: new GuessCommand(recorder, announcer, deps.clock),
    views: new GameViews(db, states, deps.clock, watchers),
    marks: new GameMarks(db, announcer),
    phrases: new PhraseService(db, states, announcer),
    retention: new GameRetention(db),
    announcer,
    watchers,
    clockJob: new GameClockJob(
      new GameClock(db),
      announcer,
      (channel, onNotify, onListening) => deps.database.listen(channel, onNotify, onListening),
      deps.log.child({ job: 'game clock' }),
    ),
  };
}
