// What the bench hands the `replay` server (server-process.ts): answers recorded from the app,
// to be written again by plain node:http. Its own module: the bench may not import
// server-process.ts for a value, since importing it starts a server.

/** An answer for the `replay` server to write, as recorded from the app. */
export interface RecordedAnswer {
  status: number;
  /** Name and value pairs, as received (without date, connection and keep-alive). */
  headers: [string, string][];
  /** The body's bytes as sent (compressed, when the answer was), in base64. */
  body: string;
}

/** The environment variable that hands the `replay` server its answers: JSON, path → answer. */
export const REPLAY_ANSWERS_VARIABLE = 'BENCH_REPLAY_ANSWERS';
