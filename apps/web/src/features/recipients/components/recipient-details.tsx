import type { Recipient } from '@corridor/contracts';
import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useT } from '@/i18n';
import { DefinitionList } from '@/ui/definition-list';
import { filledAttributes } from '../lib/recipient-display';
import { useNow } from '@/lib/use-now';
import { recipientsMessages } from '../messages';
import { LastTransfer } from './last-transfer';

export interface RecipientDetailsProps {
  recipient: Recipient;
}

/**
 * Who the recipient is to the customer and their account, as saved: name, relationship and the
 * last transfer, then a section titled with the payout method listing every detail that has a
 * value (phones with their calling code, options by their title).
 */
export function RecipientDetails({ recipient }: RecipientDetailsProps) {
  const t = useT(recipientsMessages);
  const now = useNow();
  const aboutId = useId();
  const accountId = useId();
  const method = recipient.channel.payout_method;
  return (
    <Stack gap="xl">
      <section aria-labelledby={aboutId}>
        <Title order={2} size="h3" id={aboutId} mb="xs">
          {t('detail.about')}
        </Title>
        <DefinitionList
          items={[
            { key: 'name', term: t('detail.name'), description: recipient.whole_name },
            {
              key: 'relationship',
              term: t('detail.relationship'),
              description: recipient.relationship?.title ?? t('detail.noRelationship'),
            },
            {
              key: 'transfer',
              term: t('detail.recentTransfer'),
              description: (
                <LastTransfer
                  at={recipient.transaction_summary.recent_transaction_at}
                  name={recipient.name}
                  now={now}
                />
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby={accountId}>
        <Title order={2} size="h3" id={accountId} mb="xs">
          {method.title}
        </Title>
        <DefinitionList
          items={filledAttributes(recipient.attributes).map(({ attribute, shown }) => ({
            key: attribute.attribute,
            term: attribute.label,
            description: shown,
          }))}
        />
      </section>
    </Stack>
  );
}
