import fs from 'node:fs';

/** Who holds the embedded database: said in the refusal a second process gets. */
export type EmbeddedHolder = 'server' | 'admin CLI';

type LockContent = { pid: number; holder: EmbeddedHolder };

const IN_USE = 'embedded_database_in_use';

/** The refusal a second process gets: one line, who holds the database and what to do. */
const inUse = (message: string) => Object.assign(new Error(message), { code: IN_USE });

/** True for the refusal of `lockEmbeddedDatabase`. */
export const isEmbeddedDatabaseInUse = (error: unknown) =>
  (error as { code?: unknown } | undefined)?.code === IN_USE;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; ESRCH: gone (a crash left the file behind)
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | undefined {
  try {
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number'
      ? { pid: content.pid, holder: content.holder === 'admin CLI' ? 'admin CLI' : 'server' }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the embedded database's lock file (`<dir>.lock`) for this process: PGlite allows one process at a
 * time, and a second writer would corrupt its files. A lock whose process is gone (kill -9, power loss)
 * is taken over, so a crash never blocks the next start. Answers the release, for when the database closes.
 */
export function lockEmbeddedDatabase(dir: string, dataDir: string, holder: EmbeddedHolder): () => void {
  const file = `${dir}.lock`;
  const content = JSON.stringify({ pid: process.pid, holder } satisfies LockContent);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
      return () => {
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readLock(file);
    if (current && current.pid !== process.pid && isAlive(current.pid)) {
      const advice =
        current.holder === 'server'
          ? 'stop it first, or use the admin API (/api/admin/users) while it runs'
          : 'wait for it to finish';
      throw inUse(
        `The embedded database in ${dataDir} is in use by a running Farol ${current.holder} (pid ${current.pid}): ${advice}.`,
      );
    }
    // left by a process that no longer runs (or unreadable half-written): take it over
    fs.rmSync(file, { force: true });
  }
  throw inUse(`The embedded database in ${dataDir} is being opened by another Farol process: try again.`);
}
