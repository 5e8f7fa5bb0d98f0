import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce
  .number({ error: 'must be a whole number between 0 and 65535' })
  .int('must be a whole number between 0 and 65535')
  .min(0, 'must be a whole number between 0 and 65535')
  .max(65535, 'must be a whole number between 0 and 65535');

const origin = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://app.example.com' })
  .transform((value) => new URL(value).origin);

const optionalUrl = (protocols: RegExp, example: string) =>
  z.url({ protocol: protocols, error: `must be a URL such as ${example}` }).optional();

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The proxies whose X-Forwarded-For is believed: none, or their addresses and ranges. (A hop
 * count cannot tell the proxy from a client, and Fastify no longer honours one.)
 */
export type TrustProxy = false | string[];

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxyExample = 'such as 10.0.0.5, 10.0.0.0/8, loopback';

/** One TRUST_PROXY entry: an IP address, a CIDR range, or a proxy-addr name; else a problem. */
function trustedProxyProblem(item: string): string | undefined {
  if (namedRanges.has(item)) return undefined;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) {
    return `"${item}" is not an IP address, a CIDR range or loopback, linklocal, uniquelocal (${trustProxyExample})`;
  }
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return `"${item}" has a bad prefix length (1 to ${bits})`;
  }
  if (Number(prefix) === 0) {
    return `"${item}" would trust every address, so any client could choose its own; name the proxy's addresses`;
  }
  return undefined;
}

const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim() ?? 'false';
    if (text === 'false') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `true would let any client choose its own address; give the proxy's addresses (${trustProxyExample})`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count cannot tell the proxy from a client; give the proxy's addresses (${trustProxyExample})`,
      });
      return z.NEVER;
    }
    const items = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const item of items) {
      const problem = trustedProxyProblem(item);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
    }
    return items.length > 0 ? items : false;
  });

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('production'),
  ),
  PORT: z.preprocess(emptyAsUndefined, port.default(8080)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./var')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    optionalUrl(/^postgres(ql)?$/, 'postgres://user@127.0.0.1:5432/corridor'),
  ),
  REDIS_URL: z.preprocess(emptyAsUndefined, optionalUrl(/^rediss?$/, 'redis://127.0.0.1:6379')),
  REDIS_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'must be 1 to 64 letters, digits, or _ : . -')
      .default('corridor:'),
  ),
  APP_URL: z.preprocess(emptyAsUndefined, origin.optional()),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxy),
  SPA_ORIGINS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const item of (value ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const parsed = origin.safeParse(item);
          if (!parsed.success) {
            ctx.addIssue({ code: 'custom', message: `"${item}" is not an http(s) origin` });
            return z.NEVER;
          }
          origins.push(parsed.data);
        }
        return origins;
      }),
  ),
  APP_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43,}$/, 'must be at least 32 random bytes, base64url-encoded')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    optionalUrl(/^smtps?$/, 'smtp://user:password@smtp.example.com:587'),
  ),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/,
        'must be an address such as "Corridor <no-reply@example.com>"',
      )
      .default('Corridor <no-reply@corridor.localhost>'),
  ),
  PUSHER_APP_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"')
      .optional(),
  ),
  PUSHER_APP_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, "_" or "-"')
      .optional(),
  ),
  PUSHER_APP_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16 to 128 letters, digits, "_" or "-"')
      .optional(),
  ),
  PUSHER_HOST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name such as realtime.example.com')
      .optional(),
  ),
  PUSHER_PORT: z.preprocess(emptyAsUndefined, port.optional()),
  PUSHER_SCHEME: z.preprocess(
    emptyAsUndefined,
    z.enum(['http', 'https'], { error: 'must be http or https' }).optional(),
  ),
  PUSHER_CLUSTER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a cluster name such as ap4')
      .default('ap4'),
  ),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Starts every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /** The public origin customers use (cookies, links in mail, the allow-list). */
  appUrl: string;
  /** Origins allowed to make credentialed requests: APP_URL plus SPA_ORIGINS. */
  allowedOrigins: string[];
  /** Extra origins allowed cross-origin (CORS with credentials). */
  spaOrigins: string[];
  /** Set cookies with Secure (and the __Host- prefix) when the public origin is https. */
  secureCookies: boolean;
  /**
   * Fastify's `trustProxy`: which peers' X-Forwarded-For (and -Proto, -Host) to believe, so
   * request.ip is the client behind a TLS proxy. Off by default: a client cannot pick its address.
   */
  trustProxy: TrustProxy;
  appKey: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The built SPA; absent means the API runs alone (development with Vite, or tests). */
  webDistDir: string | undefined;
  /** Mail goes out over SMTP when set; otherwise it is kept in the outbox (/dev/mailbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Pusher-protocol credentials. Each is undefined when unset; the embedded hub then uses
   * the ones kept in DATA_DIR/realtime.json (modules/realtime/credentials.ts).
   */
  pusher: {
    appId: string | undefined;
    key: string | undefined;
    secret: string | undefined;
    /** An external Pusher-protocol service; unset means the embedded hub on the API port. */
    host: string | undefined;
    port: number | undefined;
    scheme: 'http' | 'https' | undefined;
    cluster: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// apps/server/src/config → apps/web/dist
const defaultWebDistDir = path.resolve(import.meta.dirname, '../../../web/dist');

const loopbackAliases = (port: number) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
  `http://[::1]:${port}`,
];

/** Validates the environment once, at start; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const pusherCredentials = [e.PUSHER_APP_ID, e.PUSHER_APP_KEY, e.PUSHER_APP_SECRET];
  if (pusherCredentials.some(Boolean) && !pusherCredentials.every(Boolean)) {
    throw new ConfigError([
      'PUSHER_APP_ID, PUSHER_APP_KEY, PUSHER_APP_SECRET: set all three, or none (generated for the embedded realtime server)',
    ]);
  }
  if (e.PUSHER_HOST && !pusherCredentials.every(Boolean)) {
    throw new ConfigError([
      'PUSHER_HOST: an external realtime service also needs PUSHER_APP_ID, PUSHER_APP_KEY and PUSHER_APP_SECRET',
    ]);
  }
  const spaOrigins = e.SPA_ORIGINS;
  // Without APP_URL the product is reached on loopback, under whichever name the browser uses.
  const appUrl = e.APP_URL ?? `http://127.0.0.1:${e.PORT}`;
  const ownOrigins = e.APP_URL ? [e.APP_URL] : loopbackAliases(e.PORT);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    appUrl,
    allowedOrigins: [...new Set([...ownOrigins, ...spaOrigins])],
    spaOrigins,
    secureCookies: appUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY,
    appKey: e.APP_KEY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : e.NODE_ENV === 'production'
        ? defaultWebDistDir
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    pusher: {
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_APP_KEY,
      secret: e.PUSHER_APP_SECRET,
      host: e.PUSHER_HOST,
      port: e.PUSHER_PORT,
      scheme: e.PUSHER_SCHEME,
      cluster: e.PUSHER_CLUSTER,
    },
  };
}
