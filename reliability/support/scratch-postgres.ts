// A PostgreSQL cluster of the suite's own (initdb into a temporary folder, on a free loopback
// port), which the suite may stop and start: the shared Postgres of the machine is never
// touched. initdb and postgres refuse to run as root; as root, they run as the `postgres`
// system user (runuser), which owns the folder.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/N/bin). */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  // Elsewhere, initdb and pg_ctl on PATH.
  const found = execFileSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).trim();
  if (!found) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  return path.dirname(found);
}

export class ScratchPostgres {
  private readonly bin = postgresBinDir();
  private readonly asUser: { uid: number; gid: number } | null;
  readonly dataDir: string;

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {
    this.dataDir = path.join(dir, 'data');
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      this.asUser = { uid, gid };
      chownSync(dir, uid, gid);
    } else {
      this.asUser = null;
    }
  }

  /** A new, initialised and started cluster; `stopAndRemove` undoes it. */
  static async create(port: number): Promise<ScratchPostgres> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jotto-reliability-pg-'));
    const postgres = new ScratchPostgres(port, dir);
    try {
      postgres.run('initdb', [
        '-D',
        postgres.dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--no-sync',
      ]);
      postgres.start();
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return postgres;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(tool: string, args: string[]): string {
    const command = path.join(this.bin, tool);
    const [file, argv] = this.asUser
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    return execFileSync(file, argv, { encoding: 'utf8', stdio: 'pipe', cwd: this.dir });
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    // Durability is not what this cluster is for: fsync off keeps it light on a shared disk.
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.dir}`,
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=100',
    ].join(' ');
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ]);
  }

  /** Stops the server: `fast` ends every connection and shuts down cleanly. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  get running(): boolean {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, 'status']);
      return true;
    } catch {
      return false;
    }
  }

  stopAndRemove(): void {
    try {
      if (this.running) this.stop('immediate');
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
