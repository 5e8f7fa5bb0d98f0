import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { recipientKeys } from './query-keys';

/**
 * DELETE /client/v1/recipient/{id}. A recipient a transfer used is kept for its history and
 * leaves the customer's lists all the same.
 */
export async function deleteRecipient(id: string): Promise<void> {
  await httpClient.delete(apiPaths.recipient(id));
}

/** Removes a recipient; every list of recipients is asked for again. */
export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecipient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recipientKeys.lists() }),
  });
}

/**
 * Forgets a removed recipient's page, once it is no longer on screen (a page still showing it
 * would ask for it again and get a 404).
 */
export function useForgetRecipient(): (id: string) => void {
  const queryClient = useQueryClient();
  return (id) => queryClient.removeQueries({ queryKey: [...recipientKeys.details(), id] });
}
