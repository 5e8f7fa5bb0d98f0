import type { Device } from '@corridor/contracts';
import { deviceSchema } from '@corridor/contracts';
import type { SessionRow } from '../sessions/session.repository.ts';

const deviceTypes = deviceSchema.shape.device_type.options;

export function deviceResource(session: SessionRow, currentId: string): Device {
  const type = deviceTypes.find((t) => t === session.device_type) ?? 'unknown';
  return {
    id: session.id,
    device_type: type,
    client_name: session.client_name,
    client_version: session.client_version,
    os_name: session.os_name,
    os_version: session.os_version,
    model: session.model,
    vendor: session.vendor,
    ip_address: session.ip_address,
    touched_at: session.touched_at.toISOString(),
    created_at: session.created_at.toISOString(),
    is_current: session.id === currentId,
  };
}
