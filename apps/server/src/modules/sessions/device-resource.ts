import { createHash } from 'node:crypto';
import type { Device, Locale, SessionDevice, SessionIpAddress } from '@corridor/contracts';
import { describeDevice, sessionDeviceSchema } from '@corridor/contracts';
import { deviceCodes } from '../../lib/user-agent.ts';
import type { SignedInSession } from './signed-in-session.ts';

const deviceTypes = sessionDeviceSchema.shape.device_type.options;

/** The software a session signed in with (docs/product/accounts-and-sessions.md#devices `session.device`). */
export function sessionDeviceResource(session: SignedInSession): SessionDevice {
  const type = deviceTypes.find((t) => t === session.device_type) ?? 'unknown';
  const codes = deviceCodes(session);
  return {
    id: session.id,
    device_type: type,
    client_code: codes.client_code,
    client_name: session.client_name,
    client_version: session.client_version,
    os_code: codes.os_code,
    os_name: session.os_name,
    os_version: session.os_version,
    architecture: codes.architecture,
    vendor: session.vendor,
    model: session.model,
  };
}

/**
 * A device as `GET /devices` lists it, named as the new-sign-in email names it (contracts'
 * `describeDevice`, defect 26), in the request's language.
 */
export function deviceResource(
  session: SignedInSession,
  currentId: string,
  locale: Locale = 'en',
): Device {
  return {
    ...sessionDeviceResource(session),
    ip_address: session.ip_address,
    touched_at: session.touched_at.toISOString(),
    created_at: session.created_at.toISOString(),
    is_current: session.id === currentId,
    name: describeDevice(session.user_agent, locale).name,
  };
}

/** A fixed namespace for the ids of IP addresses (RFC 9562 §5.5). */
const IP_ADDRESS_NAMESPACE = Buffer.from('6f1c2a9e4b7d4c3e9a51d2e8b0c47f13', 'hex');

/** Ids already computed, by address (bounded: cleared when full). */
const ipAddressIds = new Map<string, string>();

/**
 * A name-based UUID (version 5) of an IP address: the same address always has the same id, as
 * the original product's stored addresses do, with nothing stored.
 */
export function ipAddressId(ipAddress: string): string {
  const known = ipAddressIds.get(ipAddress);
  if (known) return known;
  const id = nameBasedId(ipAddress);
  // Every profile answer names its address: a few thousand recent ones are kept, not recomputed.
  if (ipAddressIds.size >= 4096) ipAddressIds.clear();
  ipAddressIds.set(ipAddress, id);
  return id;
}

function nameBasedId(ipAddress: string): string {
  const hash = createHash('sha1').update(IP_ADDRESS_NAMESPACE).update(ipAddress).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The address a session signed in from (docs/product/accounts-and-sessions.md#the-session-resource), or null when unknown. */
export function sessionIpAddressResource(session: SignedInSession): SessionIpAddress | null {
  if (!session.ip_address) return null;
  return {
    id: ipAddressId(session.ip_address),
    ip_address: session.ip_address,
    geo_location: null,
  };
}
