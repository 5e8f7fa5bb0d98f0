import { z } from 'zod';
import { s3EnvFields } from './document-storage.ts';
import { sofThresholdsSchema } from './source-of-funds.ts';
import { trustProxy } from './trust-proxy.ts';

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

/** A comma-separated list of http(s) origins (SPA_ORIGINS). */
const originList = z
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
  });

/** A whole number of seconds, from 1 s to 30 days. */
const seconds = z.coerce
  .number({ error: 'must be a whole number of seconds' })
  .int('must be a whole number of seconds')
  .min(1, 'must be at least 1 second')
  .max(30 * 24 * 60 * 60, 'must be at most 2592000 seconds (30 days)');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The environment variables the server reads, each checked and defaulted. */
export const envSchema = z.object({
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
  /** Who runs the ops CLI's recorded commands when `--as` is not given (decision 0039). */
  CORRIDOR_OPERATOR: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(200).optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    optionalUrl(/^postgres(ql)?$/, 'postgres://user@127.0.0.1:5432/corridor'),
  ),
  /** Connections one process keeps to PostgreSQL (each process of a deployment has its own). */
  DATABASE_POOL_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(2).max(100).default(10),
  ),
  /**
   * How long a query waits for a PostgreSQL connection (a free one of the pool, or a new one)
   * before its request is answered 503 with Retry-After.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 100 to 60000' })
      .int('must be a whole number of milliseconds from 100 to 60000')
      .min(100, 'must be a whole number of milliseconds from 100 to 60000')
      .max(60_000, 'must be a whole number of milliseconds from 100 to 60000')
      .default(5000),
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
  MARKETING_SITE_URL: z.preprocess(
    emptyAsUndefined,
    optionalUrl(/^https?$/, 'https://www.example.com/'),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxy),
  SPA_ORIGINS: z.preprocess(emptyAsUndefined, originList),
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
  FX_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox', 'ecb'], { error: 'must be sandbox or ecb' }).default('sandbox'),
  ),
  // Which provider serves identity review and name lookup: only the sandboxes exist so far
  // (docs/sandbox-providers.md); naming them makes the choice visible, and a real adapter joins
  // each list.
  IDENTITY_REVIEW_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  ),
  NAME_LOOKUP_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  ),
  // Who pays the recipient out: only the sandbox partner exists so far (docs/sandbox-providers.md).
  PAYOUT_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  ),
  // Seconds between the sandbox payout's steps (accepted, sent, paid…): a few, so a newcomer
  // watches the journey.
  PAYOUT_SANDBOX_STEP_SECONDS: z.preprocess(emptyAsUndefined, seconds.default(5)),
  // Who takes bank transfers (MANUAL-PAYMENT): only the sandbox bank exists so far
  // (docs/sandbox-providers.md#payments).
  BANK_TRANSFER_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  ),
  // Who takes card payments (SANDBOX-CARD): only the sandbox card page exists so far
  // (docs/sandbox-providers.md#payments).
  CARD_PAYMENT_PROVIDER: z.preprocess(
    emptyAsUndefined,
    z.enum(['sandbox'], { error: 'must be sandbox' }).default('sandbox'),
  ),
  // The card provider's callback secret, or two comma-separated while one replaces the other
  // (the first signs, either verifies): docs/decisions/0046-signed-provider-callbacks.md.
  CARD_CALLBACK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{32,128}(,[A-Za-z0-9_-]{32,128})?$/,
        'must be one secret of 32 to 128 letters, digits, "_" or "-", or two separated by a comma',
      )
      .transform((value) => value.split(','))
      .optional(),
  ),
  // How long a customer has to pay a transfer before it is cancelled (TIMED-OUT).
  PAYMENT_DEADLINE_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1 hour')
      .max(720, 'must be at most 720 hours')
      .default(48),
  ),
  // Seconds between "I've paid" and the sandbox bank's settlement: a few, so a newcomer watches
  // the journey with no operator.
  BANK_TRANSFER_SANDBOX_SETTLE_SECONDS: z.preprocess(emptyAsUndefined, seconds.default(10)),
  // A public APP_URL with a sandbox provider starts only with this set (sandbox-providers.ts).
  ALLOW_SANDBOX_PROVIDERS: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  // Defaults depend on the provider (config.ts): unset stays undefined here.
  FX_REFRESH_SECONDS: z.preprocess(emptyAsUndefined, seconds.optional()),
  FX_MAX_AGE_SECONDS: z.preprocess(emptyAsUndefined, seconds.optional()),
  // How long after an upload the sandbox reviewer looks at a document (issue 16).
  DOCUMENT_REVIEW_DELAY_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be 0 or more seconds')
      .max(24 * 60 * 60, 'must be at most 86400 seconds (a day)')
      .default(5),
  ),
  // Identity documents (issue 16): when a source of funds is owed (source-of-funds.ts).
  SOF_THRESHOLDS: z.preprocess(emptyAsUndefined, sofThresholdsSchema),
  PUSHER_CLUSTER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a cluster name such as ap4')
      .default('ap4'),
  ),
  // Identity documents in S3-compatible object storage (issue 16; document-storage.ts).
  ...s3EnvFields,
});

export type Env = z.infer<typeof envSchema>;
