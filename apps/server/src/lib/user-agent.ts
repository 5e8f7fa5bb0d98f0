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
