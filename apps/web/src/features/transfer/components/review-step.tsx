import type { SavedQuote } from '@corridor/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { useSlowWait } from '@/lib/slow-wait';
import { Notice } from '@/ui/notice';
import { confirmBodyOf } from '../lib/confirm-body';
import type { TransferDraft } from '../lib/transfer-draft';
import { transferMessages } from '../messages';
import { ConfirmFields, requirementsOf } from './confirm-fields';
import { DisclosureLines } from './disclosure-lines';
import { OutcomeCheck } from './outcome-check';
import { StepHeading } from './step-heading';
import type { Confirm, ConfirmField } from './use-confirm';

export interface ReviewStepProps {
  quote: SavedQuote;
  draft: TransferDraft;
  onDraftChange: (draft: TransferDraft) => void;
  /** The draft came back from the session (after the second factor, a reload). */
  restored: boolean;
  confirm: Confirm;
  /** The rate lock ended: nothing can be confirmed until a new quote. */
  expired: boolean;
  onChangeRecipient: () => void;
}

/**
 * Review and confirm (docs/product/routes-and-screens.md#transfer-wizard): the full cost before
 * anything is confirmed (the receipt's disclosure, one template), the recipient,
 * then purpose, payment method, the provider's details and the declaration. Confirm is hidden
 * while the outcome of an earlier one is being checked (§3.3b).
 */
export function ReviewStep({
  quote,
  draft,
  onDraftChange,
  restored,
  confirm,
  expired,
  onChangeRecipient,
}: ReviewStepProps) {
  const t = useT(transferMessages);
  const [missing, setMissing] = useState<Partial<Record<ConfirmField, string>>>({});
  const slow = useSlowWait(confirm.phase === 'confirming' ? quote.id : null);
  const busy = confirm.phase === 'confirming' || confirm.phase === 'checking';
  const errors = { ...confirm.errors.fields, ...missing };

  const change = (next: TransferDraft) => {
    setMissing({});
    onDraftChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = confirmBodyOf(draft, requirementsOf(quote, draft.paymentMethodId), {
      purpose: t('review.purposeMissing'),
      method: t('review.methodMissing'),
      declaration: t('review.declarationMissing'),
      detail: (label) => t('review.detailMissing', { label }),
    });
    if (!check.ok) return setMissing(check.errors);
    confirm.send(check.body);
  };

  return (
    <Stack gap="md">
      <StepHeading title={t('step.review')} description={t('review.intro')} />
      {restored && (
        <Notice tone="success" role="status">
          {t('review.restored')}
        </Notice>
      )}
      <DisclosureLines quote={quote} />
      {quote.recipient !== null && (
        <Group justify="space-between" wrap="nowrap">
          <Text>
            {t('review.recipient')}: <strong>{quote.recipient.whole_name}</strong>
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onChangeRecipient}>
            {t('review.changeRecipient')}
          </Button>
        </Group>
      )}
      <form onSubmit={submit} noValidate aria-labelledby="transfer-review-form">
        <Stack gap="md">
          <Text id="transfer-review-form" fw={700}>
            {t('review.formTitle')}
          </Text>
          <ConfirmFields
            quote={quote}
            draft={draft}
            onChange={change}
            errors={errors}
            disabled={busy || expired}
          />
          {confirm.errors.failure !== null && (
            <Notice tone="error">{confirm.errors.failure}</Notice>
          )}
          <OutcomeCheck phase={confirm.phase} onCheckAgain={confirm.checkAgain} />
          {confirm.phase !== 'checking' && confirm.phase !== 'check-failed' && (
            <Group>
              <Button
                type="submit"
                size="lg"
                loading={confirm.phase === 'confirming'}
                disabled={expired}
              >
                {t(confirm.phase === 'not-created' ? 'review.tryAgain' : 'review.confirm')}
              </Button>
            </Group>
          )}
          <div aria-live="polite">
            {slow && (
              <Stack gap={4} align="flex-start">
                <Text size="sm">{t('review.slow')}</Text>
                <Button variant="default" size="xs" onClick={confirm.stopWaiting}>
                  {t('review.stopWaiting')}
                </Button>
              </Stack>
            )}
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
