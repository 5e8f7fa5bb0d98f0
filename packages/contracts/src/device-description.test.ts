import { describe, expect, it } from 'vitest';
import { describeDevice } from './device-description.ts';
import * as wire from './wire.ts';

const agents = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsungTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('defect 26: describeDevice, one name for a device everywhere', () => {
  it('names the browser and the system, without versions', () => {
    const names = Object.fromEntries(
      Object.entries(agents).map(([key, ua]) => [key, describeDevice(ua).name]),
    );
    expect(names).toEqual({
      chromeMac: 'Chrome on macOS',
      chromeLinux: 'Chrome on Linux',
      edgeWindows: 'Edge on Windows',
      firefoxWindows: 'Firefox on Windows',
      safariIphone: 'Safari on iPhone',
      chromeIphone: 'Chrome on iPhone',
      safariIpad: 'Safari on iPad',
      chromeAndroid: 'Chrome on Android',
      samsungTablet: 'Samsung Internet on Android',
      safariMac: 'Safari on macOS',
      chromebook: 'Chrome on ChromeOS',
    });
  });

  it('says what kind of device it is', () => {
    expect(describeDevice(agents.safariIphone).kind).toBe('mobile');
    expect(describeDevice(agents.chromeAndroid).kind).toBe('mobile');
    expect(describeDevice(agents.safariIpad).kind).toBe('tablet');
    expect(describeDevice(agents.samsungTablet).kind).toBe('tablet');
    expect(describeDevice(agents.firefoxWindows).kind).toBe('desktop');
    expect(describeDevice('curl/8.5.0')).toEqual({
      kind: 'library',
      browser: 'curl',
      system: null,
      name: 'curl',
    });
  });

  it('names what it cannot recognise, in English or Spanish', () => {
    expect(describeDevice(undefined).name).toBe('Unknown device');
    expect(describeDevice('', 'es').name).toBe('Dispositivo desconocido');
    expect(describeDevice('SomeBot/1.0 (Windows NT 10.0)').name).toBe('Unknown browser on Windows');
    expect(describeDevice(agents.safariIphone, 'es').name).toBe('Safari en iPhone');
  });

  it('is part of the zod-free wire entry', () => {
    expect(wire.describeDevice).toBe(describeDevice);
  });
});
