import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, LogFn, Logger } from 'pino';

/** What a log method takes: an object or a message first, then anything. */
type LogArgs = [unknown, ...unknown[]];
type PinoArgs = Parameters<LogFn>;

/**
 * A request's logger, made by pino only when the request first writes a line at a level that is
 * on (docs/decisions/0057-request-loggers-made-on-first-line.md). pino's child copies its parent,
 * serializes the request id into its bindings and, for a route with a level of its own
 * (/healthz), rebuilds every log method: on each request, though a quick read writes no line at
 * the default level (decision 25). Lines, when written, are pino's own, the same as before.
 */
export class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  /** The least level value written: the route's level, else the parent's. */
  readonly #threshold: number;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    const values = parent.levels.values;
    const level = options.level ?? parent.level;
    // 'silent' is not among pino's values: nothing is written.
    this.#threshold = values[level] ?? Number.POSITIVE_INFINITY;
  }

  /** The child pino would have made, made now. */
  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings, this.#options));
  }

  /** The child when a line at `level` would be written, else undefined (nothing to do). */
  #writer(level: number): FastifyBaseLogger | undefined {
    if (this.#made) return this.#made;
    return level >= this.#threshold ? this.#logger() : undefined;
  }

  get level(): LevelWithSilentOrString {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#logger().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  // Methods on the prototype, not closures made per request. Level values as pino's defaults
  // (the server sets no custom levels).
  trace(...args: LogArgs): void {
    this.#writer(10)?.trace(...(args as PinoArgs));
  }
  debug(...args: LogArgs): void {
    this.#writer(20)?.debug(...(args as PinoArgs));
  }
  info(...args: LogArgs): void {
    this.#writer(30)?.info(...(args as PinoArgs));
  }
  warn(...args: LogArgs): void {
    this.#writer(40)?.warn(...(args as PinoArgs));
  }
  error(...args: LogArgs): void {
    this.#writer(50)?.error(...(args as PinoArgs));
  }
  fatal(...args: LogArgs): void {
    this.#writer(60)?.fatal(...(args as PinoArgs));
  }
  silent(..._args: LogArgs): void {}
}

/** Fastify's factory of request loggers: a RequestLogger over the server's pino logger. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger as Logger, bindings, options);
