import type { TestProject } from 'vitest/node';
import { startJottoServer } from './jotto-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the Jotto server every e2e file shares (embedded defaults). */
    jottoUrl: string;
  }
}

/** One server on the embedded defaults for the whole e2e run; files that need settings of their own start another. */
export default async function setup(project: TestProject) {
  const server = await startJottoServer();
  project.provide('jottoUrl', server.url);
  return async () => {
    await server.stop();
  };
}
