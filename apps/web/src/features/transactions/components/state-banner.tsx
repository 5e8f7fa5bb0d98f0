import type { Transaction } from '@corridor/contracts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { commonMessages, useT } from '@/i18n';
import { UploadIcon } from '@/ui/icons';
import { ModalOnDemand } from '@/ui/modal-on-demand';
import { finalPaymentStates, isAwaitingPayment, toneOfColor } from '../lib/transaction-flags';
import { transactionsMessages } from '../messages';
import { BankTransferDetails } from './bank-transfer-details';
import { StateIcon } from './state-icon';
import './transactions.css';

/** Where an owed document is uploaded, and the way back here after (`_rtr`, `_rti`). */
function uploadPath(categoryId: string, transactionId: string): string {
  const back = new URLSearchParams({ _rtr: 'viewTransaction', _rti: transactionId });
  return `${pathTo('categoryView', { category: categoryId })}?${back.toString()}`;
}

/**
 * The transfer's state in its colour with the server's description
 * (docs/product/routes-and-screens.md#transaction); a hold's reason and what clears it, with the
 * upload of each owed document; while awaiting a bank transfer, our account in a dialog (its
 * Modal's code fetched after the first paint, ui/modal-on-demand.tsx).
 */
export function StateBanner({ transaction }: { transaction: Transaction }) {
  const t = useT(transactionsMessages);
  const common = useT(commonMessages);
  const [showingAccount, setShowingAccount] = useState(false);
  const { state, hold, payment } = transaction;
  // Our account only while this payment is open: a failed or cancelled one is paid again first.
  const bankTransfer =
    transaction.state.code === 'PENDING-PAYMENT' &&
    payment.client_payment_account !== null &&
    !finalPaymentStates.includes(payment.state.code);

  return (
    <div
      className="state-banner"
      data-tone={toneOfColor[state.color_scheme]}
      data-testid="state-banner"
      data-state={state.code}
    >
      <StateIcon code={state.code} size={22} />
      <Stack gap="xs" className="state-banner__text">
        <Text fw={700} role="status">
          {state.label}
        </Text>
        <Text>{state.description}</Text>
        {hold !== null && (
          <Stack gap={4} data-testid="hold">
            <Text size="sm">
              <strong>{t('hold.reason')}</strong> {hold.reason.text}
            </Text>
            <Text size="sm">
              <strong>{t('hold.action')}</strong> {hold.action.text}
            </Text>
            {hold.action.code === 'UPLOAD-DOCUMENT' &&
              transaction.pending_documents.map((pending) => (
                <Group key={pending.id}>
                  <Button
                    component={Link}
                    to={uploadPath(pending.document_category.id, transaction.id)}
                    leftSection={<UploadIcon />}
                    size="sm"
                  >
                    {t('hold.upload', { category: pending.document_category.title })}
                  </Button>
                </Group>
              ))}
          </Stack>
        )}
        {bankTransfer &&
          payment.customer_confirmed_payment &&
          payment.client_payment_account?.wait_time_message && (
            <Text size="sm">{payment.client_payment_account.wait_time_message}</Text>
          )}
        {isAwaitingPayment(transaction) && (
          <Group gap="md">
            {bankTransfer && (
              <Anchor component="button" type="button" onClick={() => setShowingAccount(true)}>
                {t('bank.view')}
              </Anchor>
            )}
            {!payment.customer_confirmed_payment && (
              <Anchor
                component={Link}
                to={pathTo('makePayment', { transactionId: transaction.id })}
              >
                {t('detail.goToPayment')}
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
      <ModalOnDemand
        opened={showingAccount}
        onClose={() => setShowingAccount(false)}
        title={t('bank.title')}
        closeButtonProps={{ 'aria-label': common('action.close') }}
        centered
        radius="lg"
      >
        <BankTransferDetails payment={payment} />
      </ModalOnDemand>
    </div>
  );
}
