/**
 * Retries `check` every 20 ms until it passes, and rethrows its last failure after `timeoutMs`:
 * for what happens a moment after the call that caused it (another instance hearing of a commit,
 * a connection's error event).
 */
export async function eventually(check: () => unknown, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
