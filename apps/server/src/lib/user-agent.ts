import Bowser from 'bowser';

export interface ParsedUserAgent {
  device_type: 'desktop' | 'mobile' | 'tablet' | 'library' | 'unknown';
  client_name: string | null;
  client_version: string | null;
  os_name: string | null;
  os_version: string | null;
  model: string | null;
  vendor: string | null;
}

const LIBRARY =
  /^(curl|wget|python-requests|axios|node-fetch|undici|okhttp|go-http-client|postmanruntime|insomnia|lightmyrequest)\b/i;

/** What a customer needs to recognise a device: browser, OS and, on phones, the model. */
export function parseUserAgent(userAgent: string | undefined): ParsedUserAgent {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua) {
    return {
      device_type: 'unknown',
      client_name: null,
      client_version: null,
      os_name: null,
      os_version: null,
      model: null,
      vendor: null,
    };
  }
  const library = LIBRARY.exec(ua);
  if (library) {
    const [name, version] = ua.split(/[/\s]/);
    return {
      device_type: 'library',
      client_name: name ?? library[1] ?? null,
      client_version: version ?? null,
      os_name: null,
      os_version: null,
      model: null,
      vendor: null,
    };
  }
  const parsed = Bowser.parse(ua);
  const platform = parsed.platform.type;
  return {
    device_type:
      platform === 'mobile' || platform === 'tablet' || platform === 'desktop'
        ? platform
        : 'unknown',
    client_name: parsed.browser.name ?? null,
    client_version: parsed.browser.version ?? null,
    os_name: parsed.os.name ?? null,
    os_version: parsed.os.versionName ?? parsed.os.version ?? null,
    model: parsed.platform.model ?? null,
    vendor: parsed.platform.vendor ?? null,
  };
}

/** What the original product's devices add to the names (docs/product/accounts-and-sessions.md#devices): short codes and the CPU family. */
export interface DeviceCodes {
  client_code: string | null;
  os_code: string | null;
  architecture: string | null;
}

interface ClientCodes {
  code: string;
  mobile?: string;
  ios?: string;
}
/**
 * Matomo Device Detector's short codes (DeviceDetector\Parser\Client\Browser and
 * \OperatingSystem), the vocabulary of the original product's `client_code` and `os_code`, for
 * the names Bowser gives. A browser with a mobile edition of its own has a second code there.
 * Maps, not objects: a generic client's name comes from the user agent ("__proto__" too).
 */
const CLIENT_CODES: ReadonlyMap<string, ClientCodes> = new Map(
  Object.entries({
    Chrome: { code: 'CH', mobile: 'CM', ios: 'CI' },
    Chromium: { code: 'CR' },
    Firefox: { code: 'FF', mobile: 'FM', ios: 'F1' },
    Focus: { code: 'FK' },
    Safari: { code: 'SF', mobile: 'MF', ios: 'MF' },
    'Microsoft Edge': { code: 'PS' },
    Opera: { code: 'OP', mobile: 'OM' },
    'Opera Coast': { code: 'C1' },
    'Internet Explorer': { code: 'IE', mobile: 'IM' },
    'Samsung Internet for Android': { code: 'SB' },
    'Yandex Browser': { code: 'YA' },
    'UC Browser': { code: 'UC' },
    Vivaldi: { code: 'VI' },
    Brave: { code: 'BR' },
    'Android Browser': { code: 'AN' },
    DuckDuckGo: { code: 'DD' },
    'Amazon Silk': { code: 'MS' },
    BlackBerry: { code: 'BB' },
    Epiphany: { code: 'EP' },
    'K-Meleon': { code: 'KM' },
    Maxthon: { code: 'MX' },
    'MZ Browser': { code: 'MZ' },
    'NAVER Whale Browser': { code: 'WH' },
    'Pale Moon': { code: 'PM' },
    Puffin: { code: 'PU' },
    'QQ Browser': { code: 'QQ' },
    'QQ Browser Lite': { code: 'Q2' },
    QupZilla: { code: 'QZ' },
    Sailfish: { code: 'SA' },
    Sleipnir: { code: 'SL' },
    'Sogou Browser': { code: 'SE' },
    Tizen: { code: 'TZ' },
    'Vivo Browser': { code: 'VV' },
  } satisfies Record<string, ClientCodes>),
);

const OS_CODES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    Windows: 'WIN',
    'Windows Phone': 'WPH',
    macOS: 'MAC',
    iOS: 'IOS',
    Android: 'AND',
    Linux: 'LIN',
    'Chrome OS': 'COS',
    BlackBerry: 'BLB',
    Tizen: 'TIZ',
    WebOS: 'WOS',
    HarmonyOS: 'HAR',
    Bada: 'SBA',
    'PlayStation 4': 'PS3',
  }),
);

/**
 * The CPU family a user agent names, as Device Detector reads it: each pattern must start a
 * token ("armv7l", "Win64; x64", "x86_64"), so "Farm" or "Charm" is no ARM.
 */
const ARCHITECTURES: readonly [RegExp, string][] = [
  [/(?:^|[^a-z0-9_-])(?:arm|aarch64|apple ?tv|watch ?os|watch1,[12])/i, 'ARM'],
  [/(?:^|[^a-z0-9_-])mips/i, 'MIPS'],
  [/(?:^|[^a-z0-9_-])sh4/i, 'SuperH'],
  [/(?:^|[^a-z0-9_-])(?:wow64|x64|win64|amd64|x86_?64)/i, 'x64'],
  [/(?:^|[^a-z0-9_-])(?:(?:i[0-9]|x)86|i86pc)/i, 'x86'],
];

/**
 * The short codes and architecture of a device, from what was stored when it signed in (the
 * names `parseUserAgent` gave and the user agent itself). A library such as curl has none, as
 * in the original product's answers.
 */
export function deviceCodes(device: {
  device_type: string;
  client_name: string | null;
  os_name: string | null;
  user_agent: string | null;
}): DeviceCodes {
  if (device.device_type === 'library') {
    return { client_code: null, os_code: null, architecture: null };
  }
  const client = device.client_name === null ? undefined : CLIENT_CODES.get(device.client_name);
  const onIos = device.os_name === 'iOS';
  const onMobile = device.device_type === 'mobile' || device.device_type === 'tablet';
  const clientCode = client
    ? ((onIos ? client.ios : undefined) ?? (onMobile ? client.mobile : undefined) ?? client.code)
    : null;
  const ua = (device.user_agent ?? '').slice(0, 512);
  return {
    client_code: clientCode,
    os_code: (device.os_name === null ? undefined : OS_CODES.get(device.os_name)) ?? null,
    architecture: ARCHITECTURES.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
