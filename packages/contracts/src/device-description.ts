import type { Locale } from './locales.ts';

/**
 * How Corridor names a device everywhere a customer sees one (issue 14, defect 26): the devices
 * list, the new-sign-in email and the web app's own "this device". Pure and without zod, so the
 * first load can use it (`@corridor/contracts/wire`). Versions are left out on purpose: browsers
 * freeze or round them ("Chrome 156.0.0.0"), and a customer recognises "Chrome on macOS".
 */
export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'library' | 'unknown';

export interface DeviceDescription {
  kind: DeviceKind;
  /** "Chrome", "Safari", "Firefox", "Edge"…, a library such as "curl", or null when unknown. */
  browser: string | null;
  /** "Windows", "macOS", "iPhone", "iPad", "Android", "Linux", "ChromeOS"…, or null. */
  system: string | null;
  /** What to show: "Chrome on macOS" ("Chrome en macOS" in Spanish), "Unknown device"… */
  name: string;
}

/** The first rule whose pattern matches names the browser; order matters (Edge says Chrome too). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:Edg|EdgA|EdgiOS|Edge)\//, 'Edge'],
  [/\b(?:OPR|OPiOS|OPT)\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bDuckDuckGo\/|\bDdg\//, 'DuckDuckGo'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*\bMobile\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

/** Tried in order: a phone says "Linux" and "Android", an iPad in desktop mode "Macintosh". */
const SYSTEMS: readonly (readonly [RegExp, string, DeviceKind])[] = [
  [/\biPhone\b/, 'iPhone', 'mobile'],
  [/\biPad\b/, 'iPad', 'tablet'],
  [/\biPod\b/, 'iPod', 'mobile'],
  [/\bWindows Phone\b/, 'Windows Phone', 'mobile'],
  [/\bAndroid\b.*\bMobile\b/, 'Android', 'mobile'],
  [/\bAndroid\b/, 'Android', 'tablet'],
  [/\bCrOS\b/, 'ChromeOS', 'desktop'],
  [/\bWindows\b/, 'Windows', 'desktop'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS', 'desktop'],
  [/\bLinux\b|\bX11\b/, 'Linux', 'desktop'],
];

/** HTTP libraries and tools: named by their product token ("curl/8.5.0" is "curl"). */
const LIBRARY =
  /^(curl|wget|python-requests|axios|node-fetch|undici|okhttp|go-http-client|postmanruntime|insomnia|lightmyrequest)\b/i;

const WORDS = {
  en: { on: 'on', unknownDevice: 'Unknown device', unknownBrowser: 'Unknown browser' },
  es: {
    on: 'en',
    unknownDevice: 'Dispositivo desconocido',
    unknownBrowser: 'Navegador desconocido',
  },
} as const satisfies Record<Locale, Record<string, string>>;

function nameOf(browser: string | null, system: string | null, locale: Locale): string {
  const words = WORDS[locale];
  if (browser !== null && system !== null) return `${browser} ${words.on} ${system}`;
  if (browser !== null) return browser;
  if (system !== null) return `${words.unknownBrowser} ${words.on} ${system}`;
  return words.unknownDevice;
}

/** The device a `User-Agent` header describes, named in `locale` (English by default). */
export function describeDevice(
  userAgent: string | null | undefined,
  locale: Locale = 'en',
): DeviceDescription {
  // A header can be of any length: what names a device is always near its start.
  const ua = (userAgent ?? '').slice(0, 512);
  const library = LIBRARY.exec(ua.trim());
  if (library) {
    const browser = library[1] ?? null;
    return { kind: 'library', browser, system: null, name: nameOf(browser, null, locale) };
  }
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua));
  return {
    kind: system?.[2] ?? 'unknown',
    browser,
    system: system?.[1] ?? null,
    name: nameOf(browser, system?.[1] ?? null, locale),
  };
}
