import type { TestProject } from 'vitest/node';
import { type JottoServer, startJottoServer } from './jotto-server.ts';

let server: JottoServer | null = null;

/**
 * One server on the embedded defaults for the whole e2e run; a file that needs settings of its
 * own starts another with startJottoServer.
 */
export async function setup(project: TestProject) {
  server = await startJottoServer();
  project.provide('jottoUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}
