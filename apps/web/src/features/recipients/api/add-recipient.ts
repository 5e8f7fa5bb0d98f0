import type { Recipient, RecipientBody } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { recipientKeys } from './query-keys';

export interface AddRecipientInput {
  /** The form (payout channel) the body fills in. */
  channelId: string;
  /** A saved quote to attach the new recipient to (the transfer wizard). */
  quoteId?: string | undefined;
  body: RecipientBody;
}

/**
 * POST /client/v1/recipients/add?payout_channel_id[&quote_id]: answers the new recipient, or
 * 422 with a message per attribute (`mobile_number.number`, `confirm_account_number`…).
 */
export async function addRecipient({ channelId, quoteId, body }: AddRecipientInput) {
  const { data } = await httpClient.post(apiPaths.addRecipient, body, {
    params: { payout_channel_id: channelId, quote_id: quoteId },
  });
  return parseWith((contracts) => contracts.recipientSchema, data);
}

/** Adds a recipient (the form tracks the request); the lists of recipients catch up. */
export function useAddRecipient(): (input: AddRecipientInput) => Promise<Recipient> {
  const queryClient = useQueryClient();
  return useCallback(
    async (input) => {
      const recipient = await addRecipient(input);
      void queryClient.invalidateQueries({ queryKey: recipientKeys.lists() });
      return recipient;
    },
    [queryClient],
  );
}
