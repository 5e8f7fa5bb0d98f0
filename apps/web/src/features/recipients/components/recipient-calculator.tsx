import type { Recipient } from '@corridor/contracts';
import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { Calculator } from '@/features/quotes';
import { useT } from '@/i18n';
import { recipientsMessages } from '../messages';

export interface RecipientCalculatorProps {
  recipient: Recipient;
}

/**
 * The calculator scoped to this recipient (the quotes feature): their country, currency and
 * method fixed, and Send money through /recipient/send-money/{id}.
 */
export function RecipientCalculator({ recipient }: RecipientCalculatorProps) {
  const t = useT(recipientsMessages);
  const headingId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('calculator.title', { name: recipient.name })}
      </Title>
      <Calculator recipient={recipient} />
    </Stack>
  );
}
