import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { useApplyInfoFromPoi } from '@/features/account-verification/parts';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { Notice } from '@/ui/notice';
import { routeOfRefusal, type Refusal } from '../lib/refusal';
import { transferMessages } from '../messages';
import { returnToTransfer } from './verification-step';

export interface RefusalNoticeProps {
  refusal: Refusal;
  quoteId: string;
  /** Confirm again with the same choices (after the ID's details were applied). */
  onConfirmAgain: () => void;
}

/**
 * A refusal of confirm (docs/product/sending-money.md#refusals): the server's message, and the
 * way to clear it where it is not a step of the wizard itself (those the wizard opens, with this
 * above them). An unknown type shows its message, or a fallback: never a spinner.
 */
export function RefusalNotice({ refusal, quoteId, onConfirmAgain }: RefusalNoticeProps) {
  const t = useT(transferMessages);
  const route = routeOfRefusal(refusal.type);
  const message = refusal.message === '' ? t('refusal.unknown') : refusal.message;
  const here = pathTo('transferWizard', { quoteId });
  return (
    <Notice tone="error" title={t('refusal.title')}>
      <Text size="sm" data-testid="refusal-message" data-refusal={refusal.type}>
        {message}
      </Text>
      {route === 'blocked' && <Text size="sm">{t('refusal.support')}</Text>}
      {route === 'onboarding' && (
        <Action to={`${pathTo('onboardingWorkflow')}?${new URLSearchParams({ redirect: here })}`}>
          {t('refusal.completeDetails')}
        </Action>
      )}
      {route === 'amount' && <Action to={pathTo('dashboard')}>{t('refusal.changeAmount')}</Action>}
      {route === 'duplicate' && (
        <Action
          to={
            refusal.transactionId === null
              ? pathTo('transactions')
              : pathTo('makePayment', { transactionId: refusal.transactionId })
          }
        >
          {t(refusal.transactionId === null ? 'refusal.seeTransfers' : 'refusal.goToTransfer')}
        </Action>
      )}
      {route === 'poi' && <PoiChoice quoteId={quoteId} onApplied={onConfirmAgain} />}
    </Notice>
  );
}

function Action({ to, children }: { to: string; children: string }) {
  return (
    <Group mt="xs">
      <Button component={Link} to={to} variant="default" size="sm">
        {children}
      </Button>
    </Group>
  );
}

/**
 * The ID's name or date of birth differ from the profile (`poi_info_check_failed`,
 * docs/product/routes-and-screens.md#transfer-wizard): upload another document, or take the ID's details into the profile and confirm again.
 */
function PoiChoice({ quoteId, onApplied }: { quoteId: string; onApplied: () => void }) {
  const t = useT(transferMessages);
  const apply = useApplyInfoFromPoi();
  const [failure, setFailure] = useState<string | null>(null);
  const useIdDetails = () => {
    setFailure(null);
    apply.mutate(undefined, {
      onSuccess: onApplied,
      onError: (error) => setFailure(describeError(error, t('poi.failed'))),
    });
  };
  return (
    <>
      <Group mt="xs" gap="xs">
        <Button
          component={Link}
          to={`${pathTo('accountVerification')}${returnToTransfer(quoteId)}`}
          variant="default"
          size="sm"
        >
          {t('poi.uploadAnother')}
        </Button>
        <Button size="sm" onClick={useIdDetails} loading={apply.isPending}>
          {t('poi.useId')}
        </Button>
      </Group>
      {failure !== null && (
        <Text size="sm" role="alert" mt="xs">
          {failure}
        </Text>
      )}
    </>
  );
}
