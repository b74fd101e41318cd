import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when
 * something logs through it. Fastify makes one per request; building a pino child for every call
 * cost about a quarter of a bare hello-world's throughput, and most requests never log.
 */
class LazyChildLogger {
  private readonly parent: FastifyBaseLogger;
  private readonly bindings: Bindings;
  private readonly options: ChildLoggerOptions;
  private made: FastifyBaseLogger | null = null;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
  }

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  /** Whether a record at `level` would be written; when not, no child is made for it. */
  private enabled(level: string): boolean {
    const levels = (this.parent as { levels?: { values: Record<string, number> } }).levels?.values;
    const wanted = levels?.[level];
    const current = levels?.[this.level];
    return wanted === undefined || current === undefined || wanted >= current;
  }

  fatal(...args: unknown[]): void {
    if (this.enabled('fatal')) this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    if (this.enabled('error')) this.write('error', args);
  }
  warn(...args: unknown[]): void {
    if (this.enabled('warn')) this.write('warn', args);
  }
  info(...args: unknown[]): void {
    if (this.enabled('info')) this.write('info', args);
  }
  debug(...args: unknown[]): void {
    if (this.enabled('debug')) this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    if (this.enabled('trace')) this.write('trace', args);
  }
  silent(): void {}

  private write(level: Level, args: unknown[]): void {
    const real = this.real;
    (real[level] as (...values: unknown[]) => void).apply(real, args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child per request. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
