import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_CARD_CALLBACK_SECRET } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults: embedded database, loopback, port 8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./var'),
      databaseUrl: undefined,
      databasePoolSize: 10,
      databaseConnectTimeoutMs: 5000,
      redisUrl: undefined,
      redisPrefix: 'corridor:',
      appUrl: 'http://127.0.0.1:8080',
      spaOrigins: [],
      secureCookies: false,
    });
    // Without APP_URL the browser may call the server by any loopback name.
    expect(config.allowedOrigins).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, refusing what is not 2 to 100', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('waits DATABASE_CONNECT_TIMEOUT_MS for a connection, refusing what is not 100 to 60000', () => {
    expect(loadConfig({}).databaseConnectTimeoutMs).toBe(5000);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '750' }).databaseConnectTimeoutMs).toBe(750);
    for (const bad of ['99', '60001', '1.5', 'soon']) {
      expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: bad })).toThrow(
        /DATABASE_CONNECT_TIMEOUT_MS/,
      );
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('takes APP_URL as the only own origin and turns on secure cookies for https', () => {
    const config = loadConfig({
      APP_URL: 'https://send.example.com/',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      SPA_ORIGINS: 'https://app.example.com, http://localhost:5173',
    });
    expect(config.appUrl).toBe('https://send.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.spaOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(config.allowedOrigins).toEqual([
      'https://send.example.com',
      'https://app.example.com',
      'http://localhost:5173',
    ]);
  });

  it("defect 11: MARKETING_SITE_URL is a setting, the app's own sign-in page by default", () => {
    expect(loadConfig({}).marketingSiteUrl).toBe('http://127.0.0.1:8080/');
    expect(
      loadConfig({ APP_URL: 'https://send.example.com', ALLOW_SANDBOX_PROVIDERS: 'true' })
        .marketingSiteUrl,
    ).toBe('https://send.example.com/');
    expect(
      loadConfig({ MARKETING_SITE_URL: 'https://www.corridor.example/en/' }).marketingSiteUrl,
    ).toBe('https://www.corridor.example/en/');
    expect(problemsOf({ MARKETING_SITE_URL: 'javascript:alert(1)' })).toEqual([
      'MARKETING_SITE_URL: must be a URL such as https://www.example.com/',
    ]);
  });

  it('takes a PostgreSQL URL that names a Unix socket’s folder (docs/decisions/0051-cheaper-confirm-statements.md)', () => {
    // node-postgres connects through the folder's socket when the URL's `host` parameter names
    // it: the same host, without loopback TCP.
    const url = 'postgres://postgres@localhost/corridor?host=/var/run/postgresql';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databaseUrl: url });
  });

  it('names every bad variable with a clear message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db',
      REDIS_URL: 'nope',
      REDIS_PREFIX: 'has spaces',
      APP_URL: 'ftp://x',
      SPA_ORIGINS: 'https://ok.example.com,not an origin',
      LOG_LEVEL: 'loud',
      APP_KEY: 'short',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: must be a whole number between 0 and 65535',
        'DATABASE_URL: must be a URL such as postgres://user@127.0.0.1:5432/corridor',
        'REDIS_URL: must be a URL such as redis://127.0.0.1:6379',
        'REDIS_PREFIX: must be 1 to 64 letters, digits, or _ : . -',
        'APP_URL: must be an http(s) URL such as https://app.example.com',
        'SPA_ORIGINS: "not an origin" is not an http(s) origin',
        'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
        'APP_KEY: must be at least 32 random bytes, base64url-encoded',
      ]),
    );
    expect(problems).toHaveLength(8);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'PORT: must be a whole number between 0 and 65535',
    ]);
  });

  it('defect 12: TRUST_PROXY is off by default and takes the proxy addresses, ranges or names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 2001:db8::/32 ,::1, loopback,uniquelocal' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '2001:db8::/32', '::1', 'loopback', 'uniquelocal']);
  });

  it('defect 12: TRUST_PROXY refuses what would let a client choose its own address', () => {
    const example = 'such as 10.0.0.5, 10.0.0.0/8, loopback';
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      `TRUST_PROXY: true would let any client choose its own address; give the proxy's addresses (${example})`,
    ]);
    expect(problemsOf({ TRUST_PROXY: '1' })).toEqual([
      `TRUST_PROXY: a hop count cannot tell the proxy from a client; give the proxy's addresses (${example})`,
    ]);
    expect(problemsOf({ TRUST_PROXY: '0.0.0.0/0' })).toEqual([
      `TRUST_PROXY: "0.0.0.0/0" would trust every address, so any client could choose its own; name the proxy's addresses`,
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1,proxy.example.com' })).toEqual([
      `TRUST_PROXY: "proxy.example.com" is not an IP address, a CIDR range or loopback, linklocal, uniquelocal (${example})`,
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })).toEqual([
      'TRUST_PROXY: "10.0.0.0/33" has a bad prefix length (1 to 32)',
    ]);
    expect(problemsOf({ TRUST_PROXY: '::/200' })).toEqual([
      'TRUST_PROXY: "::/200" has a bad prefix length (1 to 128)',
    ]);
  });
});

describe('FX settings (docs/decisions/0021)', () => {
  it('defaults to the sandbox, refreshed every minute, stale after 15 minutes', () => {
    expect(loadConfig({}).fx).toEqual({
      provider: 'sandbox',
      refreshSeconds: 60,
      maxAgeSeconds: 900,
    });
  });

  it('gives the ECB, which publishes once a working day, four days and an hourly refresh', () => {
    expect(loadConfig({ FX_PROVIDER: 'ecb' }).fx).toEqual({
      provider: 'ecb',
      refreshSeconds: 3600,
      maxAgeSeconds: 4 * 24 * 60 * 60,
    });
    expect(
      loadConfig({ FX_PROVIDER: 'ecb', FX_REFRESH_SECONDS: '600', FX_MAX_AGE_SECONDS: '86400' }).fx,
    ).toEqual({ provider: 'ecb', refreshSeconds: 600, maxAgeSeconds: 86400 });
  });

  it('names a bad provider, interval or age', () => {
    expect(problemsOf({ FX_PROVIDER: 'openexchangerates' })).toEqual([
      'FX_PROVIDER: must be sandbox or ecb',
    ]);
    expect(problemsOf({ FX_REFRESH_SECONDS: '1.5', FX_MAX_AGE_SECONDS: '0' })).toEqual([
      'FX_REFRESH_SECONDS: must be a whole number of seconds',
      'FX_MAX_AGE_SECONDS: must be at least 1 second',
    ]);
    expect(problemsOf({ FX_REFRESH_SECONDS: 'soon' })).toEqual([
      'FX_REFRESH_SECONDS: must be a whole number of seconds',
    ]);
  });

  it('refuses a maximum age a refresh cannot keep up with', () => {
    expect(problemsOf({ FX_REFRESH_SECONDS: '900', FX_MAX_AGE_SECONDS: '600' })).toEqual([
      'FX_MAX_AGE_SECONDS: must be longer than FX_REFRESH_SECONDS (900), or rates go stale between refreshes',
    ]);
  });
});

describe('sandbox providers are a choice (issue 28, docs/sandbox-providers.md#rules-for-every-provider)', () => {
  const everySandbox = [
    'mail (no SMTP_URL: the outbox)',
    'IDENTITY_REVIEW_PROVIDER=sandbox',
    'NAME_LOOKUP_PROVIDER=sandbox',
    'FX_PROVIDER=sandbox',
    'PAYOUT_PROVIDER=sandbox',
    'BANK_TRANSFER_PROVIDER=sandbox',
    'CARD_PAYMENT_PROVIDER=sandbox',
  ];

  it('names the provider of each concern, sandboxes by default', () => {
    expect(loadConfig({}).providers).toEqual({
      mail: 'outbox',
      identityReview: 'sandbox',
      nameLookup: 'sandbox',
      fx: 'sandbox',
      payouts: 'sandbox',
      bankTransfer: 'sandbox',
      cardPayment: 'sandbox',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.example.com:587', FX_PROVIDER: 'ecb' }).providers,
    ).toMatchObject({ mail: 'smtp', fx: 'ecb' });
    expect(
      problemsOf({
        NAME_LOOKUP_PROVIDER: 'paystack',
        IDENTITY_REVIEW_PROVIDER: 'x',
        PAYOUT_PROVIDER: 'terrapay',
        BANK_TRANSFER_PROVIDER: 'truelayer',
        CARD_PAYMENT_PROVIDER: 'stripe',
      }),
    ).toEqual([
      'IDENTITY_REVIEW_PROVIDER: must be sandbox',
      'NAME_LOOKUP_PROVIDER: must be sandbox',
      'PAYOUT_PROVIDER: must be sandbox',
      'BANK_TRANSFER_PROVIDER: must be sandbox',
      'CARD_PAYMENT_PROVIDER: must be sandbox',
    ]);
  });

  it('gives 48 hours to pay and settles the sandbox bank 10 seconds after "I\'ve paid" by default', () => {
    expect(loadConfig({}).payments).toEqual({
      deadlineHours: 48,
      sandboxSettleSeconds: 10,
      cardCallbackSecrets: [SANDBOX_CARD_CALLBACK_SECRET],
    });
    expect(
      loadConfig({ PAYMENT_DEADLINE_HOURS: '24', BANK_TRANSFER_SANDBOX_SETTLE_SECONDS: '2' })
        .payments,
    ).toMatchObject({ deadlineHours: 24, sandboxSettleSeconds: 2 });
    expect(problemsOf({ PAYMENT_DEADLINE_HOURS: '0' })).toEqual([
      'PAYMENT_DEADLINE_HOURS: must be at least 1 hour',
    ]);
  });

  it('signs card callbacks with CARD_CALLBACK_SECRET, two during a rotation, or the sandbox default', () => {
    const first = 'a'.repeat(32);
    const second = 'b'.repeat(40);
    expect(loadConfig({ CARD_CALLBACK_SECRET: first }).payments.cardCallbackSecrets).toEqual([
      first,
    ]);
    expect(
      loadConfig({ CARD_CALLBACK_SECRET: `${first},${second}` }).payments.cardCallbackSecrets,
    ).toEqual([first, second]);
    expect(problemsOf({ CARD_CALLBACK_SECRET: 'short' })).toEqual([
      'CARD_CALLBACK_SECRET: must be one secret of 32 to 128 letters, digits, "_" or "-", or two separated by a comma',
    ]);
  });

  it('steps the sandbox payout every 5 seconds unless PAYOUT_SANDBOX_STEP_SECONDS says otherwise', () => {
    expect(loadConfig({}).payoutSandbox).toEqual({ stepSeconds: 5 });
    expect(loadConfig({ PAYOUT_SANDBOX_STEP_SECONDS: '60' }).payoutSandbox).toEqual({
      stepSeconds: 60,
    });
    expect(problemsOf({ PAYOUT_SANDBOX_STEP_SECONDS: '0' })).toEqual([
      'PAYOUT_SANDBOX_STEP_SECONDS: must be at least 1 second',
    ]);
  });

  it('starts on loopback with every sandbox, and says nothing', () => {
    for (const appUrl of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:8080']) {
      expect(loadConfig({ APP_URL: appUrl }).sandbox).toEqual({
        providers: everySandbox,
        notice: false,
      });
    }
    // The default APP_URL is loopback, whatever HOST listens on.
    expect(loadConfig({ HOST: '0.0.0.0' }).sandbox.notice).toBe(false);
  });

  it('refuses a public APP_URL with a sandbox, naming them and the variable to set', () => {
    expect(problemsOf({ APP_URL: 'https://send.example.com' })).toEqual([
      'ALLOW_SANDBOX_PROVIDERS: APP_URL https://send.example.com is not loopback, and these ' +
        `providers are sandboxes, which move no real money: ${everySandbox.join(', ')}. ` +
        'Configure real providers, or set ALLOW_SANDBOX_PROVIDERS=true to run the sandboxes on ' +
        'purpose (every page and email then says "Sandbox: no real money moves").',
    ]);
    // Only the sandboxes still in use are named.
    const [problem] = problemsOf({
      APP_URL: 'http://10.0.0.5:8080',
      SMTP_URL: 'smtp://mail.example.com:587',
      FX_PROVIDER: 'ecb',
      ALLOW_SANDBOX_PROVIDERS: 'false',
    });
    expect(problem).toContain(
      'sandboxes, which move no real money: IDENTITY_REVIEW_PROVIDER=sandbox, ' +
        'NAME_LOOKUP_PROVIDER=sandbox, PAYOUT_PROVIDER=sandbox, BANK_TRANSFER_PROVIDER=sandbox, ' +
        'CARD_PAYMENT_PROVIDER=sandbox.',
    );
  });

  it('starts on a public APP_URL when allowed, and then every page and email says so', () => {
    const config = loadConfig({
      APP_URL: 'https://send.example.com',
      ALLOW_SANDBOX_PROVIDERS: 'true',
    });
    expect(config.sandbox).toEqual({ providers: everySandbox, notice: true });
    expect(problemsOf({ ALLOW_SANDBOX_PROVIDERS: 'yes' })).toEqual([
      'ALLOW_SANDBOX_PROVIDERS: must be true or false',
    ]);
  });
});
