import type { Device, DeviceList } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** Pages we follow at most; sessions expire within 12 hours, so more is never expected. */
const MAX_PAGES = 10;

/** GET /client/v1/devices?page=N: one page of the customer's signed-in devices (sessions). */
export async function getDevicesPage(page = 1): Promise<DeviceList> {
  const { data } = await httpClient.get(apiPaths.devices, {
    params: page === 1 ? undefined : { page },
  });
  return parseWith((contracts) => contracts.deviceListSchema, data);
}

/** Every signed-in device: the first page, then the next ones while the server says there are. */
export async function getDevices(): Promise<Device[]> {
  let page = await getDevicesPage();
  const devices = [...page.data];
  for (let pages = 1; pages < MAX_PAGES && page.pagination.links.next !== null; pages += 1) {
    const next = await getDevicesPage(page.pagination.current_page + 1);
    // A server that ignores ?page would hand back the same page forever.
    if (next.pagination.current_page <= page.pagination.current_page) break;
    devices.push(...next.data);
    page = next;
  }
  return devices;
}

export const devicesQuery = queryOptions({
  queryKey: ['devices'] as const,
  queryFn: getDevices,
});

export function useDevices() {
  return useQuery(devicesQuery);
}
