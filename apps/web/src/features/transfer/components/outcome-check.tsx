import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { useT } from '@/i18n';
import { Notice } from '@/ui/notice';
import { transferMessages } from '../messages';
import type { ConfirmPhase } from './use-confirm';

/**
 * After confirm's answer was lost (docs/product/routes-and-screens.md#transfer-wizard, double-payment safety): reading the latest transfers; none is this
 * one, so nothing was charged and trying again is safe; or the check failed too, and only
 * "check again" and the list are offered, never a second confirm that could pay twice.
 */
export function OutcomeCheck({
  phase,
  onCheckAgain,
}: {
  phase: ConfirmPhase;
  onCheckAgain: () => void;
}) {
  const t = useT(transferMessages);
  if (phase === 'checking') {
    return (
      <Notice tone="info" role="status">
        {t('outcome.checking')}
      </Notice>
    );
  }
  if (phase === 'not-created') {
    return (
      <Notice tone="info" role="status" title={t('outcome.notCreatedTitle')}>
        {t('outcome.notCreated')}
      </Notice>
    );
  }
  if (phase !== 'check-failed') return null;
  return (
    <Notice tone="error" title={t('outcome.unknownTitle')}>
      <Text size="sm">{t('outcome.unknown')}</Text>
      <Group mt="xs" gap="xs">
        <Button size="sm" onClick={onCheckAgain}>
          {t('outcome.checkAgain')}
        </Button>
        <Button component={Link} to={pathTo('transactions')} variant="default" size="sm">
          {t('outcome.seeTransfers')}
        </Button>
      </Group>
    </Notice>
  );
}
