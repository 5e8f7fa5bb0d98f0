import type { Recipient, RecipientBody } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { recipientKeys } from './query-keys';

export interface EditRecipientInput {
  id: string;
  /** The same body as adding one: every attribute again, pre-filled. */
  body: RecipientBody;
}

/** POST /client/v1/recipient/edit/{id}: answers the recipient as saved, or 422 per attribute. */
export async function editRecipient({ id, body }: EditRecipientInput): Promise<Recipient> {
  const { data } = await httpClient.post(apiPaths.editRecipient(id), body);
  return parseWith((contracts) => contracts.recipientSchema, data);
}

/** Saves the changes; the recipient's page shows the answer at once, the lists catch up. */
export function useEditRecipient(): (input: EditRecipientInput) => Promise<Recipient> {
  const queryClient = useQueryClient();
  return useCallback(
    async (input) => {
      const recipient = await editRecipient(input);
      queryClient.setQueryData(recipientKeys.detail(currentLocale(), recipient.id), recipient);
      void queryClient.invalidateQueries({ queryKey: recipientKeys.lists() });
      return recipient;
    },
    [queryClient],
  );
}
