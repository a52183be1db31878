import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'bakje.lock';

/** What the lock file says. The admin secret lets the CLI reach the running server (mode 0600). */
export interface LockContents {
  pid: number;
  role: 'server' | 'cli';
  /** The server's port once it listens; null before. */
  port: number | null;
  adminSecret: string | null;
  startedAt: string;
}

export class LockHeldError extends Error {
  constructor(readonly holder: LockContents) {
    super(`The data dir is in use by another Bakje process (${holder.role}, pid ${holder.pid}).`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): LockContents | undefined {
  try {
    const value = JSON.parse(text) as LockContents;
    return Number.isInteger(value.pid) && value.pid > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The lock's holder when a live process holds it; undefined when free or left behind by a dead process. */
export function readLock(dataDir: string): LockContents | undefined {
  try {
    const contents = parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    return contents && alive(contents.pid) && contents.pid !== process.pid ? contents : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * One process at a time per data dir: the embedded PGlite database must never be opened by two. The
 * lock file is created exclusively ('wx'); one left by a process that died is removed, but only if it
 * is still the very file that was judged stale (same inode), so a fresh lock is never taken away.
 */
export class DataDirLock {
  private constructor(
    private readonly file: string,
    private contents: LockContents,
  ) {}

  static acquire(dataDir: string, role: LockContents['role']): DataDirLock {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, LOCK_FILE);
    const contents: LockContents = { pid: process.pid, role, port: null, adminSecret: null, startedAt: new Date().toISOString() };
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.writeFileSync(file, JSON.stringify(contents), { flag: 'wx', mode: 0o600 });
        return new DataDirLock(file, contents);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let fd: number;
      try {
        fd = fs.openSync(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      let holder: LockContents | undefined;
      let inode: number;
      try {
        inode = fs.fstatSync(fd).ino;
        holder = parse(fs.readFileSync(fd, 'utf8'));
      } finally {
        fs.closeSync(fd);
      }
      // A file being written this instant may not parse yet: only a dead holder makes a lock stale.
      if (holder && alive(holder.pid)) throw new LockHeldError(holder);
      const now = fs.statSync(file, { throwIfNoEntry: false });
      if (!now) continue;
      if (!holder && Date.now() - now.mtimeMs < 2000) {
        throw new LockHeldError({ pid: 0, role: 'server', port: null, adminSecret: null, startedAt: '' });
      }
      try {
        if (now.ino === inode) fs.unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw new Error(`Could not take the lock ${file}`);
  }

  /** Publishes the port and admin secret for the CLI (rewritten whole, mode 0600). */
  update(change: Partial<Pick<LockContents, 'port' | 'adminSecret'>>): void {
    this.contents = { ...this.contents, ...change };
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(this.contents), { mode: 0o600 });
    fs.renameSync(temp, this.file);
  }

  /** Removes the lock if it is still ours. */
  release(): void {
    try {
      const current = parse(fs.readFileSync(this.file, 'utf8'));
      if (current?.pid === process.pid) fs.unlinkSync(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
