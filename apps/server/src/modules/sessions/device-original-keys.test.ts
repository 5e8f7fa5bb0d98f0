/**
 * Issue 12, "The original product's keys in today's answers": every key of the original
 * product's Device (docs/product/accounts-and-sessions.md#devices, docs/product/api-conventions.md#endpoints `GET /devices`; its fixture
 * devices.json) is in our device list, with the short codes and architecture it names.
 */
import { apiPaths, deviceListSchema, deviceSchema, type Device } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { deviceCodes, parseUserAgent } from '../../lib/user-agent.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { fromAddress } from '../../test/client-address.ts';
import {
  expectOriginalKeys,
  ORIGINAL_LISTED_DEVICE_KEYS,
} from '../../test/original-product-keys.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';

const USER_AGENTS = {
  chromeOnWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeOnAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  firefoxOnArmLinux: 'Mozilla/5.0 (X11; Linux aarch64; rv:128.0) Gecko/20100101 Firefox/128.0',
  curl: 'curl/8.7.1',
} as const;

const testApp = appPerFile();

function browserWith(userAgent: string, ip: string): TestBrowser {
  return new TestBrowser(fromAddress(testApp.app, ip), userAgent);
}

describe('the original keys of GET /devices', () => {
  it('lists every device with every original key, the codes and the architecture', async () => {
    const email = 'device-keys@example.com';
    const first = browserWith(USER_AGENTS.chromeOnWindows, '10.44.0.1');
    const signUp = await first.post(apiPaths.signup, {
      email,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(signUp.statusCode).toBe(201);
    // Unverified, the customer owes no second factor: each sign-in is a device at once.
    const others = Object.entries(USER_AGENTS).filter(([name]) => name !== 'chromeOnWindows');
    for (const [index, [name, userAgent]] of others.entries()) {
      const login = await browserWith(userAgent, `10.44.1.${index + 1}`).post(apiPaths.login, {
        email,
        password: STRONG_PASSWORD,
      });
      expect(login.statusCode, name).toBe(200);
    }

    const response = await first.get(apiPaths.devices);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Record<string, unknown>[] }>();
    expect(body.data).toHaveLength(5);
    for (const device of body.data)
      expectOriginalKeys(device, ORIGINAL_LISTED_DEVICE_KEYS, String(device.client_name));
    const devices = deviceListSchema.parse(body).data;
    const named = (clientName: string): Device | undefined =>
      devices.find((device) => device.client_name === clientName);
    const pick = (device: Device | undefined) =>
      device && {
        device_type: device.device_type,
        client_code: device.client_code,
        os_code: device.os_code,
        architecture: device.architecture,
      };

    expect(pick(devices.find((d) => d.is_current))).toEqual({
      device_type: 'desktop',
      client_code: 'CH',
      os_code: 'WIN',
      architecture: 'x64',
    });
    expect(pick(named('Safari'))).toEqual({
      device_type: 'mobile',
      client_code: 'MF',
      os_code: 'IOS',
      architecture: null,
    });
    expect(pick(devices.find((d) => d.os_name === 'Android'))).toEqual({
      device_type: 'mobile',
      client_code: 'CM',
      os_code: 'AND',
      architecture: null,
    });
    expect(pick(named('Firefox'))).toEqual({
      device_type: 'desktop',
      client_code: 'FF',
      os_code: 'LIN',
      architecture: 'ARM',
    });
    // A library has no codes, as curl in the original's own fixture.
    expect(pick(named('curl'))).toEqual({
      device_type: 'library',
      client_code: null,
      os_code: null,
      architecture: null,
    });
  });

  it('is the device contract', () => {
    expect(Object.keys(deviceSchema.shape)).toEqual(
      expect.arrayContaining([...ORIGINAL_LISTED_DEVICE_KEYS]),
    );
  });
});

describe('deviceCodes', () => {
  const codesOf = (userAgent: string) =>
    deviceCodes({ ...parseUserAgent(userAgent), user_agent: userAgent });

  it('reads the architecture only where a token starts', () => {
    expect(codesOf('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0')).toEqual({
      client_code: 'FF',
      os_code: 'LIN',
      architecture: 'x64',
    });
    expect(
      codesOf('Mozilla/5.0 (X11; Linux i686; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toMatchObject({ architecture: 'x86' });
    expect(
      codesOf(
        'Mozilla/5.0 (X11; CrOS armv7l 14541.0.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      ),
    ).toMatchObject({ os_code: 'COS', architecture: 'ARM' });
    expect(
      codesOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toEqual({ client_code: 'SF', os_code: 'MAC', architecture: null });
    expect(codesOf('Mozilla/5.0 (compatible; Farmbot/1.0; charm)')).toMatchObject({
      architecture: null,
    });
  });

  it('gives no code to a name it does not know, whatever the user agent calls itself', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'Unheard Of Browser']) {
      expect(
        deviceCodes({ device_type: 'desktop', client_name: name, os_name: name, user_agent: null }),
      ).toEqual({ client_code: null, os_code: null, architecture: null });
    }
    expect(codesOf('')).toEqual({ client_code: null, os_code: null, architecture: null });
  });
});
