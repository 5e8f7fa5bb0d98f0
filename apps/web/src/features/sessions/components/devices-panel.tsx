import type { Device } from '@corridor/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useT } from '@/i18n';
import { describeError, httpStatus } from '@/lib/api-error';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { LoadError } from '@/ui/load-error';
import { useDeleteDevice } from '../api/delete-device';
import { useDevices } from '../api/get-devices';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices';
import { deviceName, orderDevices } from '../lib/describe-device';
import { sessionsMessages } from '../messages';
import { DeviceCard } from './device-card';

function DeviceSkeletons() {
  const t = useT(sessionsMessages);
  return (
    <>
      <VisuallyHidden role="status">{t('list.loading')}</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <Paper key={key} withBorder p="md" radius="lg">
            <Stack gap="xs">
              <Skeleton height={20} width="40%" />
              <Skeleton height={14} width="30%" />
              <Skeleton height={14} width="50%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

type Pending = { kind: 'one'; device: Device } | { kind: 'others' };

export interface DevicesPanelProps {
  /** The level of each device's name: 2 on the devices screen, 3 under settings' section. */
  headingOrder?: 2 | 3;
}

/**
 * Every device the customer is signed in on, this one first (defect 26); any other can be
 * signed out, one by one or all at once (defect 7), each after a confirmation (docs/product/accounts-and-sessions.md).
 * On the devices screen and in settings' devices section.
 */
export function DevicesPanel({ headingOrder = 2 }: DevicesPanelProps) {
  const t = useT(sessionsMessages);
  const devices = useDevices();
  const remove = useDeleteDevice();
  const signOutOthers = useSignOutOtherDevices();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Said in the page, where it happened (not also in a toast: it would be announced twice).
  const [notice, setNotice] = useState<string | null>(null);
  const busy = remove.isPending || signOutOthers.isPending;

  const ask = (next: Pending) => {
    setFailure(null);
    setNotice(null);
    setPending(next);
  };
  const close = () => {
    if (!busy) setPending(null);
  };
  const done = (message: string) => {
    setPending(null);
    setNotice(message);
  };

  const confirmOne = (device: Device) => {
    const name = deviceName(device, t);
    remove.mutate(device.id, {
      onSuccess: () => done(t('signOut.done', { name })),
      onError: (error) => {
        if (httpStatus(error) === 404) {
          // Already gone (expired, or signed out elsewhere): the list catches up.
          setPending(null);
          void devices.refetch();
          return;
        }
        setFailure(describeError(error, t('signOut.failed')));
      },
    });
  };
  const confirmOthers = () => {
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signed_out: count }) => done(t('others.done', { count })),
      onError: (error) => setFailure(describeError(error, t('others.failed'))),
    });
  };

  let content;
  if (devices.isPending) content = <DeviceSkeletons />;
  else if (devices.isError) {
    content = (
      <LoadError
        title={t('list.failed')}
        message={describeError(devices.error, t('list.failedMessage'))}
        onRetry={() => void devices.refetch()}
        retrying={devices.isFetching}
      />
    );
  } else if (devices.data.length === 0) {
    content = <Text>{t('list.empty')}</Text>;
  } else {
    const ordered = orderDevices(devices.data);
    const others = ordered.filter((device) => !device.is_current).length;
    content = (
      <Stack gap="md">
        <Stack
          component="ul"
          gap="md"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('list.label')}
        >
          {ordered.map((device) => (
            <DeviceCard
              key={device.id}
              device={device}
              headingOrder={headingOrder}
              onSignOut={(target) => ask({ kind: 'one', device: target })}
            />
          ))}
        </Stack>
        {others > 0 && (
          <Group>
            {/* Neutral: red outline text fails AA contrast (axe); the dialog says what it does. */}
            <Button variant="default" onClick={() => ask({ kind: 'others' })}>
              {t('others.action')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  const target = pending?.kind === 'one' ? pending.device : null;
  return (
    <Stack gap="md">
      <div role="status">{notice !== null && <Text>{notice}</Text>}</div>
      {content}
      <ConfirmDialog
        opened={pending?.kind === 'one'}
        title={t('signOut.title')}
        confirmLabel={t('device.signOut')}
        tone="danger"
        pending={remove.isPending}
        error={failure}
        errorTitle={t('signOut.failedTitle')}
        onConfirm={() => target !== null && confirmOne(target)}
        onClose={close}
      >
        {t('signOut.body', { name: target !== null ? deviceName(target, t) : '' })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.kind === 'others'}
        title={t('others.title')}
        confirmLabel={t('others.confirm')}
        tone="danger"
        pending={signOutOthers.isPending}
        error={failure}
        errorTitle={t('others.failedTitle')}
        onConfirm={confirmOthers}
        onClose={close}
      >
        {t('others.body')}
      </ConfirmDialog>
    </Stack>
  );
}
