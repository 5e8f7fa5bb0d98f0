import path from 'node:path';
import {
  documentStorageConfig,
  documentStorageProblems,
  type DocumentStorageConfig,
} from './document-storage.ts';
import { envSchema, type Env } from './env-schema.ts';
import {
  providersConfig,
  sandboxConfig,
  type ProvidersConfig,
  type SandboxConfig,
} from './sandbox-providers.ts';
import type { TrustProxy } from './trust-proxy.ts';

export type { TrustProxy } from './trust-proxy.ts';
export type { ProvidersConfig, SandboxConfig } from './sandbox-providers.ts';
export type {
  DocumentStorageConfig,
  LocalStorageConfig,
  S3StorageConfig,
} from './document-storage.ts';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process keeps (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** How long a query waits for a PostgreSQL connection before a 503 (DATABASE_CONNECT_TIMEOUT_MS). */
  databaseConnectTimeoutMs: number;
  redisUrl: string | undefined;
  /** Starts every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /** The public origin customers use (cookies, links in mail, the allow-list). */
  appUrl: string;
  /**
   * Where the sign-up screen's close link goes (docs/product/routes-and-screens.md#sign-up-screen, defect 11): the product's marketing
   * site, or by default the app's own sign-in page, `${APP_URL}/`.
   */
  marketingSiteUrl: string;
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
  fx: FxConfig;
  /** Which provider serves each concern: the assembly wires what this names. */
  providers: ProvidersConfig;
  /** The sandbox providers in use, and whether every page and email says so. */
  sandbox: SandboxConfig;
  /** Identity documents' files: DATA_DIR/documents, or S3 with S3_BUCKET (issue 16). */
  documentStorage: DocumentStorageConfig;
  /** Identity documents' review (issue 16): seconds between an upload and the sandbox's look. */
  documentReview: { delaySeconds: number };
  /** CORRIDOR_OPERATOR: who the ops CLI records as acting when `--as` is not given. */
  operator: string | undefined;
  /** The sandbox payout partner (docs/sandbox-providers.md#payouts): seconds between its steps. */
  payoutSandbox: { stepSeconds: number };
  /**
   * Payments (docs/sandbox-providers.md#payments): how long a customer has to pay, and the sandbox
   * bank's delay between "I've paid" and its settlement.
   */
  payments: {
    deadlineHours: number;
    sandboxSettleSeconds: number;
    /**
     * The card provider's callback secrets (CARD_CALLBACK_SECRET): the first signs, any verifies.
     * Unset, the sandbox's documented default, only where sandboxes may run.
     */
    cardCallbackSecrets: readonly string[];
  };
  /**
   * Identity documents (issue 16): a source of funds is owed past these sends over 30 days, per
   * source currency, in minor units (SOF_THRESHOLDS).
   */
  sofThresholds: ReadonlyMap<string, bigint>;
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

/** Where mid-market rates come from, and how fresh they must be (docs/decisions/0021). */
export interface FxConfig {
  /** 'sandbox': a dated snapshot with a small random walk; 'ecb': the ECB's daily reference rates. */
  provider: 'sandbox' | 'ecb';
  /** How often the refresh job asks the provider. */
  refreshSeconds: number;
  /** A rate older than this (by the provider's time) is not quoted: 503. */
  maxAgeSeconds: number;
}

/**
 * The sandbox moves every minute, so a quarter of an hour without a new rate means the refresh
 * has stopped. The ECB publishes once a working day (about 16:00 CET), so its rate is up to three
 * days old after a weekend: four days of age, and an hourly look for the new day's file.
 */
const FX_DEFAULTS = {
  sandbox: { refreshSeconds: 60, maxAgeSeconds: 15 * 60 },
  ecb: { refreshSeconds: 60 * 60, maxAgeSeconds: 4 * 24 * 60 * 60 },
} as const;

function fxConfig(e: Env): FxConfig {
  const defaults = FX_DEFAULTS[e.FX_PROVIDER];
  const fx = {
    provider: e.FX_PROVIDER,
    refreshSeconds: e.FX_REFRESH_SECONDS ?? defaults.refreshSeconds,
    maxAgeSeconds: e.FX_MAX_AGE_SECONDS ?? defaults.maxAgeSeconds,
  };
  // Rates would go stale between two refreshes: every quote would fail for part of each cycle.
  if (fx.maxAgeSeconds <= fx.refreshSeconds) {
    throw new ConfigError([
      `FX_MAX_AGE_SECONDS: must be longer than FX_REFRESH_SECONDS (${fx.refreshSeconds}), or rates go stale between refreshes`,
    ]);
  }
  return fx;
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

/** The Pusher settings come as a set: all three credentials or none, and a host needs them. */
function pusherCredentialsProblem(e: Env): string | undefined {
  const pusherCredentials = [e.PUSHER_APP_ID, e.PUSHER_APP_KEY, e.PUSHER_APP_SECRET];
  if (pusherCredentials.some(Boolean) && !pusherCredentials.every(Boolean)) {
    return 'PUSHER_APP_ID, PUSHER_APP_KEY, PUSHER_APP_SECRET: set all three, or none (generated for the embedded realtime server)';
  }
  if (e.PUSHER_HOST && !pusherCredentials.every(Boolean)) {
    return 'PUSHER_HOST: an external realtime service also needs PUSHER_APP_ID, PUSHER_APP_KEY and PUSHER_APP_SECRET';
  }
  return undefined;
}

/**
 * The sandbox card provider signs its callbacks with a default secret anyone can read in the docs
 * (docs/sandbox-providers.md#payments): fine where sandboxes run (loopback, or
 * ALLOW_SANDBOX_PROVIDERS, checked by sandboxConfig), never for a real provider.
 */
export const SANDBOX_CARD_CALLBACK_SECRET =
  'corridor-sandbox-card-callback-secret-not-for-real-money';

function cardCallbackSecrets(e: Env, providers: ProvidersConfig): readonly string[] {
  if (e.CARD_CALLBACK_SECRET) return e.CARD_CALLBACK_SECRET;
  if (providers.cardPayment === 'sandbox') return [SANDBOX_CARD_CALLBACK_SECRET];
  throw new ConfigError(['CARD_CALLBACK_SECRET: a real card provider needs its callback secret']);
}

/** Validates the environment once, at start; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const pusherProblem = pusherCredentialsProblem(e);
  if (pusherProblem) throw new ConfigError([pusherProblem]);
  const spaOrigins = e.SPA_ORIGINS;
  // Without APP_URL the product is reached on loopback, under whichever name the browser uses.
  const appUrl = e.APP_URL ?? `http://127.0.0.1:${e.PORT}`;
  const storageProblems = documentStorageProblems(e, appUrl);
  if (storageProblems.length > 0) throw new ConfigError(storageProblems);
  const providers = providersConfig(e);
  const { sandbox, problem: sandboxProblem } = sandboxConfig(e, providers, appUrl);
  if (sandboxProblem) throw new ConfigError([sandboxProblem]);
  const dataDir = path.resolve(e.DATA_DIR);
  const ownOrigins = e.APP_URL ? [e.APP_URL] : loopbackAliases(e.PORT);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    appUrl,
    marketingSiteUrl: e.MARKETING_SITE_URL ?? `${appUrl}/`,
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
    fx: fxConfig(e),
    providers,
    sandbox,
    documentStorage: documentStorageConfig(e, dataDir),
    documentReview: { delaySeconds: e.DOCUMENT_REVIEW_DELAY_SECONDS },
    operator: e.CORRIDOR_OPERATOR,
    payoutSandbox: { stepSeconds: e.PAYOUT_SANDBOX_STEP_SECONDS },
    payments: {
      deadlineHours: e.PAYMENT_DEADLINE_HOURS,
      sandboxSettleSeconds: e.BANK_TRANSFER_SANDBOX_SETTLE_SECONDS,
      cardCallbackSecrets: cardCallbackSecrets(e, providers),
    },
    sofThresholds: e.SOF_THRESHOLDS,
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
