import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Notice } from '@/ui/notice';
import { showToast } from '@/ui/toasts';
import { useApplyInfoFromPoi } from '../api/apply-info-from-poi';
import { accountVerificationMessages } from '../messages';

/**
 * The approved ID's name or date of birth differ from the profile (`poi_name_check === false`):
 * offers to copy them over (POST apply-info-from-poi), after asking.
 */
export function PoiNameNotice() {
  const t = useT(accountVerificationMessages);
  const apply = useApplyInfoFromPoi();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () => {
    setFailure(null);
    apply.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ message: t('poi.done') });
      },
      onError: (error) => setFailure(describeError(error, t('poi.failed'))),
    });
  };

  return (
    <>
      <Notice tone="info" role="status" title={t('poi.title')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('poi.text')}</Text>
          <Button
            variant="default"
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            {t('poi.action')}
          </Button>
        </Stack>
      </Notice>
      <ConfirmDialog
        opened={confirming}
        title={t('poi.confirmTitle')}
        confirmLabel={t('poi.action')}
        pending={apply.isPending}
        error={failure}
        errorTitle={t('poi.failedTitle')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        {t('poi.confirmText')}
      </ConfirmDialog>
    </>
  );
}
