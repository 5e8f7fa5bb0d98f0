import crypto from 'node:crypto';
import {
  apiPaths,
  customerChannel,
  customerSchema,
  deviceListSchema,
  realtimeEvents,
} from '@corridor/contracts';
import type Pusher from 'pusher-js';
import { describe, expect, it } from 'vitest';
import {
  authorizeAs,
  connectPusher,
  leftConnected,
  pusherOptions,
  subscribed,
} from '../../test/realtime-client.ts';
import { realtimeAppPerFile } from '../../test/realtime-app-per-file.ts';
import { verifiedCustomer } from '../../test/factories.ts';
import { latestCode, STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import { waitFor } from '../../test/wait-for.ts';

const credentials = {
  appId: 'corridor-sign-out-others',
  key: 'sign-out-others-key-1',
  secret: 'sign-out-others-secret-0123',
};
const testApp = realtimeAppPerFile(credentials);
const newEmail = () => `others-${crypto.randomUUID()}@example.com`;

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Another device of the customer: the password and, unless `owing`, the emailed code. */
async function signIn(email: string, userAgent: string, owing = false): Promise<TestBrowser> {
  const browser = new TestBrowser(testApp.app, userAgent);
  const login = await browser.post(apiPaths.login, { email, password: STRONG_PASSWORD });
  expect(login.statusCode).toBe(200);
  if (owing) return browser;
  const mfa = await browser.post(apiPaths.mfa, { otp: await latestCode(testApp.app, email) });
  expect(mfa.statusCode).toBe(200);
  return browser;
}

async function sessionIdOf(browser: TestBrowser): Promise<string> {
  return customerSchema.parse((await browser.get(apiPaths.profile)).json()).session.id;
}

/** A tab of `browser` listening on the customer's channel. */
async function tab(browser: TestBrowser, customerId: string) {
  const client: Pusher = await connectPusher(
    credentials.key,
    pusherOptions(testApp.port, { channelAuthorization: { customHandler: authorizeAs(browser) } }),
    testApp.clients,
  );
  const signedOut: string[] = [];
  const channel = await subscribed(client, customerChannel(customerId));
  channel.bind(realtimeEvents.deviceSignedOut, (data: { session_id: string }) =>
    signedOut.push(data.session_id),
  );
  return { client, signedOut };
}

describe('defect 7: sign out of all other devices', () => {
  it('defect 7: ends every other session in one call, tells each tab, closes its socket; this one stays', async () => {
    const email = newEmail();
    const { browser: current, customer } = await verifiedCustomer(testApp.app, email);
    const laptop = await signIn(email, FIREFOX_WINDOWS);
    const phone = await signIn(email, SAFARI_IPHONE);
    const [laptopId, phoneId] = [await sessionIdOf(laptop), await sessionIdOf(phone)];
    // A sign-in still waiting for its code is a session too.
    const owing = await signIn(email, FIREFOX_WINDOWS, true);

    const here = await tab(current, customer.id);
    const laptopTab = await tab(laptop, customer.id);
    const phoneTab = await tab(phone, customer.id);
    const laptopClosed = leftConnected(laptopTab.client);
    const phoneClosed = leftConnected(phoneTab.client);

    const response = await current.post(apiPaths.signOutOtherDevices);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signed_out: 3 });

    // Each ended session is told by name, then its sockets are closed.
    await waitFor(() => here.signedOut.length === 3);
    expect(here.signedOut).toEqual(expect.arrayContaining([laptopId, phoneId]));
    await Promise.all([laptopClosed, phoneClosed]);
    expect(here.client.connection.state).toBe('connected');

    // The cache holds none of them: their very next request is signed out; this one is not.
    for (const ended of [laptop, phone, owing]) {
      expect((await ended.get(apiPaths.profile)).statusCode).toBe(401);
    }
    expect((await current.get(apiPaths.profile)).statusCode).toBe(200);
    const devices = deviceListSchema.parse((await current.get(apiPaths.devices)).json());
    expect(devices.data.map((device) => device.is_current)).toEqual([true]);

    // Nothing left to end.
    expect((await current.post(apiPaths.signOutOtherDevices)).json()).toEqual({ signed_out: 0 });
  });

  it('defect 7: needs a signed-in customer who passed the second factor, and the XSRF token', async () => {
    const anonymous = new TestBrowser(testApp.app);
    expect((await anonymous.post(apiPaths.signOutOtherDevices)).statusCode).toBe(401);
    const email = newEmail();
    await verifiedCustomer(testApp.app, email);
    const owing = await signIn(email, FIREFOX_WINDOWS, true);
    const gated = await owing.post(apiPaths.signOutOtherDevices);
    expect(gated.statusCode).toBe(412);
    const forged = await testApp.app.inject({
      method: 'POST',
      url: apiPaths.signOutOtherDevices,
      headers: { cookie: owing.cookieHeader },
    });
    expect(forged.statusCode).toBe(419);
  });
});

describe('defect 26: the devices list', () => {
  it('defect 26: lists the current device first, each named as the sign-in email names it', async () => {
    const email = newEmail();
    const { browser: current } = await verifiedCustomer(testApp.app, email);
    // Used more recently than the current one: newest-first alone would list it last.
    await signIn(email, FIREFOX_WINDOWS);
    await signIn(email, SAFARI_IPHONE);
    const english = deviceListSchema.parse((await current.get(apiPaths.devices)).json());
    expect(english.data.map((device) => [device.is_current, device.name])).toEqual([
      [true, 'Chrome on Linux'],
      [false, 'Safari on iPhone'],
      [false, 'Firefox on Windows'],
    ]);
    const spanish = deviceListSchema.parse(
      (
        await current.request('GET', apiPaths.devices, undefined, { 'accept-language': 'es' })
      ).json(),
    );
    expect(spanish.data.map((device) => device.name)).toEqual([
      'Chrome en Linux',
      'Safari en iPhone',
      'Firefox en Windows',
    ]);
    const mail = await testApp.app.inject({ method: 'GET', url: apiPaths.devMailbox });
    const newSignIns = mail
      .json<{ to: string; subject: string; text: string }[]>()
      .filter((message) => message.to === email && message.subject.startsWith('New sign-in'));
    expect(newSignIns.map((message) => /Device: (.+)/.exec(message.text)?.[1]).sort()).toEqual([
      'Firefox on Windows',
      'Safari on iPhone',
    ]);
  });
});
