import type { Recipient } from '@corridor/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { countryName } from '@/features/countries';
import { commonMessages, useT } from '@/i18n';
import { describeError, httpStatus } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { PencilIcon, TrashIcon } from '@/ui/icons';
import { LoadError } from '@/ui/load-error';
import { PageHeader, PageHeaderSkeleton } from '@/ui/page-header';
import { showToast } from '@/ui/toasts';
import { useDeleteRecipient, useForgetRecipient } from '../api/delete-recipient';
import { useRecipient } from '../api/get-recipient';
import { EditRecipientDialog } from '../components/edit-recipient-dialog';
import { RecipientCalculator } from '../components/recipient-calculator';
import { RecipientDetails } from '../components/recipient-details';
import { recipientsMessages } from '../messages';

const LIST = '/recipients';

/** The page's place while the recipient loads: the route's title for screen readers. */
function RecipientSkeleton() {
  const t = useT(recipientsMessages);
  const common = useT(commonMessages);
  return (
    <div>
      <VisuallyHidden>
        <h1>{common('route.viewRecipient')}</h1>
      </VisuallyHidden>
      <VisuallyHidden role="status">{t('detail.loading')}</VisuallyHidden>
      <PageHeaderSkeleton withDescription />
      <Stack gap="sm" aria-hidden="true" maw={420}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={18} width={`${90 - row * 12}%`} />
        ))}
      </Stack>
    </div>
  );
}

/** A recipient that is not there (removed, or never the customer's), or did not load. */
function RecipientUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(recipientsMessages);
  const common = useT(commonMessages);
  const back = (
    <Anchor component={Link} to={LIST}>
      {t('detail.allRecipients')}
    </Anchor>
  );
  return (
    <div>
      <PageHeader title={common('route.viewRecipient')} />
      {httpStatus(error) === 404 ? (
        <Stack gap="sm" align="flex-start">
          <Alert color="red" variant="light" role="alert" title={t('detail.notFound')} w="100%">
            {t('detail.notFoundMessage')}
          </Alert>
          {back}
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <LoadError
            title={t('detail.notFound')}
            message={describeError(error, t('detail.failedMessage'))}
            onRetry={onRetry}
          />
          {back}
        </Stack>
      )}
    </div>
  );
}

function RecipientView({ recipient }: { recipient: Recipient }) {
  const t = useT(recipientsMessages);
  const navigate = useNavigate();
  const remove = useDeleteRecipient();
  const forget = useForgetRecipient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { channel } = recipient;

  const removed = () => {
    setConfirming(false);
    showToast({ message: t('delete.done') });
    void Promise.resolve(navigate(LIST)).then(() => forget(recipient.id));
  };
  const confirmDelete = () => {
    setFailure(null);
    remove.mutate(recipient.id, {
      onSuccess: removed,
      onError: (error) => {
        // Already gone (removed in another tab): what the customer wanted.
        if (httpStatus(error) === 404) removed();
        else setFailure(describeError(error, t('delete.failed')));
      },
    });
  };

  return (
    <div>
      <PageHeader
        title={recipient.whole_name}
        description={t('detail.summary', {
          method: channel.payout_method.title,
          country: countryName(channel.country, t.locale),
          currency: channel.currency.code,
        })}
        backTo={LIST}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="lg">
          <Group gap="sm">
            <Button variant="default" leftSection={<PencilIcon />} onClick={() => setEditing(true)}>
              {t('edit.action')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<TrashIcon />}
              onClick={() => {
                setFailure(null);
                setConfirming(true);
              }}
            >
              {t('delete.action')}
            </Button>
          </Group>
          <RecipientDetails recipient={recipient} />
        </Stack>
        <RecipientCalculator recipient={recipient} />
      </SimpleGrid>
      <EditRecipientDialog
        recipient={recipient}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          showToast({ message: t('edit.done') });
        }}
      />
      <ConfirmDialog
        opened={confirming}
        title={t('delete.title', { name: recipient.whole_name })}
        confirmLabel={t('delete.confirm')}
        tone="danger"
        pending={remove.isPending}
        error={failure}
        errorTitle={t('delete.failedTitle')}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        {t('delete.body', { name: recipient.whole_name })}
      </ConfirmDialog>
    </div>
  );
}

/**
 * One recipient (docs/product/routes-and-screens.md#recipients): their details and account, edit and delete, and the
 * calculator scoped to them. A recipient that is not the customer's answers 404: "We couldn't
 * load this recipient", with the way back to all of them.
 */
export function ViewRecipientScreen() {
  const { id = '' } = useParams();
  const recipient = useRecipient(id);
  if (recipient.data !== undefined) return <RecipientView recipient={recipient.data} />;
  if (recipient.isError) {
    return (
      <RecipientUnavailable error={recipient.error} onRetry={() => void recipient.refetch()} />
    );
  }
  return <RecipientSkeleton />;
}
