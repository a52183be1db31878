/**
 * Polls `probe` every 20 ms until it returns something truthy (and returns that), for work the app does in
 * the background (print jobs, mail). Gives up after 15 s (or `timeoutMs`), naming `what` and, if given, what was seen last.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, lastSeen?: () => unknown, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastSeen ? `: ${JSON.stringify(lastSeen())}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
