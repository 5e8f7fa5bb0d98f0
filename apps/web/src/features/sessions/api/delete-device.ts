import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { devicesQuery } from './get-devices';

/**
 * DELETE /client/v1/device/{id}: signs that device out at once. The current device answers 409
 * `current_device` (sign out of this one with Sign out instead).
 */
export async function deleteDevice(id: string): Promise<void> {
  await httpClient.delete(apiPaths.device(id));
}

/** Signs a device out, then reloads the list. */
export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey }),
  });
}
