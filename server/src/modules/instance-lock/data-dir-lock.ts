import fs from 'node:fs';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

/** Who holds the data dir: pid, role, port and admin secret (JSON, mode 0600), removed on a clean stop. */
export const LOCK_FILE = 'bakje.lock';
/**
 * The file the operating system locks (an open-file-description lock on Linux, flock on macOS,
 * LockFileEx on Windows). The kernel drops the lock when its holder dies, however it dies, so a
 * `kill -9` never leaves the data dir locked. The file itself is never removed: deleting a locked
 * file would let a newcomer lock a fresh file while the old holder still runs.
 */
export const KERNEL_LOCK_FILE = 'bakje.instance-lock';

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
  /** holder is undefined when the holder has not written who it is yet (it is starting this instant). */
  constructor(readonly holder: LockContents | undefined) {
    super(
      holder
        ? `The data dir is in use by another Bakje process (${holder.role}, pid ${holder.pid}).`
        : 'The data dir is in use by another Bakje process that is starting.',
    );
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

function readContents(dataDir: string): LockContents | undefined {
  try {
    return parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function writeContents(file: string, contents: LockContents): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(contents), { mode: 0o600 });
  fs.renameSync(temp, file);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Takes the kernel lock on an open file. A free lock can look taken for a moment, while another
 * process only probes it (readLock): a few short retries tell such a probe from a real holder.
 */
function lockWithRetries(fd: number, options?: { shared?: boolean }): boolean {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (tryLock(fd, options)) return true;
    Atomics.wait(pause, 0, 0, 20);
  }
  return false;
}

/**
 * The live holder of the data dir, read from its lock file; undefined when no other process holds it.
 * It probes with a shared lock, so probes never stand in each other's way.
 */
export function readLock(dataDir: string): LockContents | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path.join(dataDir, KERNEL_LOCK_FILE), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    if (lockWithRetries(fd, { shared: true })) {
      unlock(fd);
      return undefined;
    }
  } finally {
    fs.closeSync(fd);
  }
  const contents = readContents(dataDir);
  if (contents?.pid === process.pid) return undefined;
  // Held, but the holder has not written its details yet: it is a server or CLI starting up.
  return contents ?? { pid: 0, role: 'server', port: null, adminSecret: null, startedAt: '' };
}

/**
 * One process at a time per data dir: the embedded PGlite database must never be opened by two. The
 * process holds an exclusive kernel lock on KERNEL_LOCK_FILE for as long as it runs; LOCK_FILE only
 * says who holds it, and is believed only while the kernel lock is held (a dead process's pid may
 * well be in use again: in a container every server starts as pid 1).
 */
export class DataDirLock {
  private constructor(
    private readonly fd: number,
    private readonly file: string,
    private contents: LockContents,
  ) {}

  static acquire(dataDir: string, role: LockContents['role']): DataDirLock {
    fs.mkdirSync(dataDir, { recursive: true });
    const fd = fs.openSync(path.join(dataDir, KERNEL_LOCK_FILE), 'a', 0o600);
    let locked = false;
    try {
      locked = lockWithRetries(fd);
    } finally {
      if (!locked) fs.closeSync(fd);
    }
    if (!locked) throw new LockHeldError(readContents(dataDir));
    const contents: LockContents = { pid: process.pid, role, port: null, adminSecret: null, startedAt: new Date().toISOString() };
    const file = path.join(dataDir, LOCK_FILE);
    try {
      // Whatever LOCK_FILE said before was left by a process that is gone.
      writeContents(file, contents);
    } catch (error) {
      unlock(fd);
      fs.closeSync(fd);
      throw error;
    }
    return new DataDirLock(fd, file, contents);
  }

  /** Publishes the port and admin secret for the CLI (rewritten whole, mode 0600). */
  update(change: Partial<Pick<LockContents, 'port' | 'adminSecret'>>): void {
    this.contents = { ...this.contents, ...change };
    writeContents(this.file, this.contents);
  }

  /** Removes the holder's details and lets go of the kernel lock. */
  release(): void {
    try {
      fs.unlinkSync(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    unlock(this.fd);
    fs.closeSync(this.fd);
  }
}
