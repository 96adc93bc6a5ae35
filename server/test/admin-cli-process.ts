import { execFile } from 'node:child_process';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** What one run of the admin CLI did. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `tsx src/cli/admin.ts …` as its own process, as `pnpm admin …` does, with `env` as its
 * whole environment beside PATH: nothing of the caller's own configuration leaks in.
 */
export function runAdmin(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', ...args],
      {
        cwd: SERVER_DIR,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? error.code : 0;
        if (typeof code !== 'number') {
          reject(error ?? new Error('no exit code'));
          return;
        }
        resolve({ code, stdout, stderr });
      },
    );
  });
}
