import type { Transaction } from '@corridor/contracts';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDateTime, useT } from '@/i18n';
import { paymentsMessages } from '../messages';

export interface CardPaymentProps {
  transaction: Transaction;
  /** The provider's page, checked (lib/hosted-url.ts). */
  url: string;
}

/**
 * Paying on a hosted provider's page (a card, docs/product/sending-money.md#paying-by-card): the
 * amount and deadline, and the Pay button that opens the page in this tab. The card is typed
 * there, never here; the provider sends the browser back to `/payment/cb/{transactionId}`.
 */
export function CardPayment({ transaction, url }: CardPaymentProps) {
  const t = useT(paymentsMessages);
  const { payment } = transaction;
  const [leaving, setLeaving] = useState(false);
  // Back from the page by the browser's Back (a page restored as it was): payable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const amount = payment.total_payment_amount_currency_prefixed;

  return (
    <Stack gap="md" align="flex-start" data-testid="card-payment">
      <Text>{t('card.intro', { amount })}</Text>
      {payment.expires_at !== null && (
        <Text size="sm" c="dimmed">
          {t('card.deadline', { when: formatDateTime(payment.expires_at, t.locale) })}
        </Text>
      )}
      <Button
        component="a"
        href={url}
        onClick={() => setLeaving(true)}
        data-leaving={leaving || undefined}
      >
        {t('card.pay', { amount })}
      </Button>
      {leaving ? (
        <Stack gap="xs" align="flex-start" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('card.processing')}</Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('card.hint')}
        </Text>
      )}
    </Stack>
  );
}
