/** Polls a condition until it holds, for browser state that settles asynchronously. */
export async function expect(
  condition: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for: ${what}${lastError ? ` (${String(lastError)})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
