import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/** What pino adds to Fastify's logger type: whether a level is logged at all. */
interface LevelAware {
  isLevelEnabled?(level: string): boolean;
}

/**
 * A request's logger that makes its pino child (the request id as a binding) only when a line is
 * written at a level the server logs. Fastify asks for a child on every request, and with our
 * redaction paths (app.ts) pino spends some 20 µs building one: about a sixth of a plain request,
 * paid even when, at the usual `warn` level, the request logs nothing. Lines that are written are
 * the real child's: same bindings, serializers and redaction.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: LogArgs) {
    if (this.parent.isLevelEnabled?.(level) === false) return;
    (this.real[level] as (...args: LogArgs) => void)(...args);
  }

  get level() {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: LogArgs) {
    this.write('fatal', args);
  }

  error(...args: LogArgs) {
    this.write('error', args);
  }

  warn(...args: LogArgs) {
    this.write('warn', args);
  }

  info(...args: LogArgs) {
    this.write('info', args);
  }

  debug(...args: LogArgs) {
    this.write('debug', args);
  }

  trace(...args: LogArgs) {
    this.write('trace', args);
  }

  silent(...args: LogArgs) {
    this.real.silent(...args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, its child made on first use. */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options);
