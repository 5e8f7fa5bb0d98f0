import type { Device } from '@corridor/contracts';
import type { Translate } from '@/i18n';
import type { SessionsMessageKey } from '../messages';

/**
 * What the customer recognises a device by: the name the server gives it, in the language of
 * the request, which is the name the new-sign-in email uses ("Chrome on macOS", defect 26).
 * A server that sent none (an older one) gets the same shape built from the parsed fields.
 */
export function deviceName(device: Device, t: Translate<SessionsMessageKey>): string {
  if (device.name.trim() !== '') return device.name;
  const browser = device.client_name?.trim() || null;
  const system = device.os_name?.trim() || device.model?.trim() || null;
  if (browser !== null && system !== null) return t('device.nameOn', { browser, system });
  return browser ?? system ?? t('device.unknown');
}

/** This device first, then the others from the most recently active (defect 26). */
export function orderDevices(devices: readonly Device[]): Device[] {
  return [...devices].sort(
    (a, b) =>
      Number(b.is_current) - Number(a.is_current) ||
      Date.parse(b.touched_at) - Date.parse(a.touched_at),
  );
}
