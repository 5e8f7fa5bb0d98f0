import type { Device } from '@corridor/contracts';

function joined(...parts: (string | null)[]): string | null {
  const present = parts.filter((part): part is string => part !== null && part.trim() !== '');
  return present.length > 0 ? present.join(' ') : null;
}

/** What the customer recognises a device by: its model, else its browser or app and version. */
export function deviceName(device: Device): string {
  return (
    joined(device.model) ?? joined(device.client_name, device.client_version) ?? 'Unknown device'
  );
}

/** The operating system and its version, e.g. "macOS 14.5", if known. */
export function deviceSystem(device: Device): string | null {
  return joined(device.os_name, device.os_version);
}
