/**
 * Resolves in a task of its own, so what follows does not lengthen the task that is running: the browser can
 * paint or handle input in between (TBT, docs/decisions/0056-checkout-first-paint.md). `scheduler.yield`
 * where the browser has it (the continuation goes before other queued tasks), else a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
