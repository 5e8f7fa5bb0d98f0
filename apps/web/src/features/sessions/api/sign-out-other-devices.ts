import type { SignOutOtherDevicesResponse } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { devicesQuery } from './get-devices';

/**
 * POST /client/v1/devices/sign-out-others (defect 7): ends every session of the customer but
 * this one, and tells them live (DeviceSignedOut). Answers how many were signed out.
 */
export async function signOutOtherDevices(): Promise<SignOutOtherDevicesResponse> {
  const { data } = await httpClient.post(apiPaths.signOutOtherDevices);
  return parseWith((contracts) => contracts.signOutOtherDevicesResponseSchema, data);
}

/** Signs out every other device, then reloads the list (this device alone, or what is left). */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherDevices,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey }),
  });
}
