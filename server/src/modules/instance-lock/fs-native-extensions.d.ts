// The part of fs-native-extensions' API Bakje uses (the package ships no types).
declare module 'fs-native-extensions' {
  /** Takes a lock on the open file without waiting: true when taken, false when another holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
