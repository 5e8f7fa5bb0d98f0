import { useMemo } from 'react';
import { useT } from '@/i18n';
import type { FormMessages } from '../lib/channel-form';
import { recipientsMessages } from '../messages';

/** The recipient form's checks (lib/channel-form.ts) in the customer's language. */
export function useFormMessages(): FormMessages {
  const t = useT(recipientsMessages);
  return useMemo(
    () => ({
      required: (field) => t('check.required', { field }),
      chooseOption: (field) => t('check.chooseOption', { field }),
      tooLong: (field, max) => t('check.tooLong', { field, max }),
      tooShort: (field, min) => t('check.tooShort', { field, min }),
      exactLength: (field, length) => t('check.exactLength', { field, length }),
      invalid: () => t('check.invalid'),
      confirmRequired: (field) => t('check.confirmRequired', { field }),
      confirmMismatch: (field) => t('check.confirmMismatch', { field }),
      chooseCallingCode: () => t('check.callingCode'),
      nameLookupPending: (field) => t('check.nameLookupPending', { field }),
    }),
    [t],
  );
}
