import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testConfig } from '../../test/test-app.ts';
import { isLoopbackHost } from './dev-mailbox.routes.ts';
import { registerMailModule as registerMail } from '../../test/register-mail-module.ts';

/** Whether the mail module adds the mailbox for this environment (no query runs to decide). */
async function hasMailbox(env: Record<string, string>): Promise<boolean> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  try {
    await registerMail(app, { config: testConfig(env), db: {} as Database });
    await app.ready();
    return (
      app.hasRoute({ method: 'GET', url: '/dev/mailbox' }) &&
      app.hasRoute({ method: 'GET', url: '/dev/mailbox.json' })
    );
  } finally {
    await app.close();
  }
}

describe('the dev mailbox is for loopback only', () => {
  it('defect 16: is registered only while the server both listens and is reached on loopback', async () => {
    expect(await hasMailbox({})).toBe(true);
    expect(await hasMailbox({ HOST: 'localhost' })).toBe(true);
    expect(await hasMailbox({ HOST: '::1', APP_URL: 'http://[::1]:8080' })).toBe(true);
    // Listening on every interface, even with the default (loopback) APP_URL.
    expect(await hasMailbox({ HOST: '0.0.0.0' })).toBe(false);
    expect(await hasMailbox({ HOST: '::' })).toBe(false);
    expect(await hasMailbox({ HOST: '192.168.1.20' })).toBe(false);
    expect(
      await hasMailbox({ APP_URL: 'https://send.example.com', ALLOW_SANDBOX_PROVIDERS: 'true' }),
    ).toBe(false);
  });

  it('defect 16: only loopback names pass as Host, with or without a port', () => {
    for (const host of [
      'localhost',
      'localhost:8080',
      'LocalHost:5173',
      '127.0.0.1',
      '127.0.0.1:8080',
      '[::1]',
      '[::1]:8080',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      undefined,
      '',
      'rebind.example.com',
      'rebind.example.com:8080',
      'localhost.rebind.example.com',
      '127.0.0.1.nip.io',
      'localhost:8080@evil.example',
      '0.0.0.0:8080',
      '[::]:8080',
      '[::ffff:7f00:1]:8080',
      'localhost:',
    ]) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });
});
