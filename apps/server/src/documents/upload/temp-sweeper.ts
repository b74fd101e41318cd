import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Temp files this process has received whole and is still checking or storing: they no longer
 * change, yet are in use. A check queued behind others can outlast the age limit (seen with a
 * limit of 2 s under load), so the sweeper leaves these alone however old they are.
 */
const held = new Set<string>();

/** Keeps `file` from the sweeper until the returned release is called. */
export function holdTempFile(file: string): () => void {
  const resolved = path.resolve(file);
  held.add(resolved);
  return () => held.delete(resolved);
}

/**
 * Removes what interrupted uploads left in `DATA_DIR/tmp` (issue 19 §4): `*.part` files whose
 * last write is older than `maxAgeMs`. An upload in flight keeps writing its file, so its
 * modification time stays fresh and it is never touched; a crash or a dropped connection leaves a
 * file that stops changing. Runs at start-up and then on a timer.
 */
export class TempSweeper {
  private readonly deps: { dir: string; maxAgeMs: number; logger: FastifyBaseLogger };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(deps: TempSweeper['deps']) {
    this.deps = deps;
  }

  /** Removes stale `.part` files now; the number removed. */
  sweep(now = Date.now()): Promise<number> {
    this.running ??= this.sweepOnce(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Sweeps now and then every `everyMs` (by default a quarter of the age limit, at least a second). */
  start(everyMs = Math.max(1000, Math.min(this.deps.maxAgeMs / 4, 15 * 60_000))): void {
    const run = () =>
      void this.sweep().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'temp sweep failed'));
    run();
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async sweepOnce(now: number): Promise<number> {
    const { dir, maxAgeMs, logger } = this.deps;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(dir, name);
      if (held.has(path.resolve(file))) continue;
      try {
        const info = await stat(file);
        if (!info.isFile() || now - info.mtimeMs < maxAgeMs) continue;
        await rm(file, { force: true });
        removed += 1;
      } catch {
        // Gone meanwhile: its upload finished or another instance swept it.
      }
    }
    if (removed > 0) logger.info({ removed }, 'removed interrupted uploads from tmp');
    return removed;
  }
}
