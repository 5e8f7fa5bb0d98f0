import type { Device } from '@corridor/contracts';
import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { FormErrorAlert } from '@/components/form-error-alert';
import { routes } from '@/config/routes';
import { describeError, httpStatus } from '@/lib/api-error';
import { useDeleteDevice } from '../api/delete-device';
import { useDevices } from '../api/get-devices';
import { DeviceCard } from '../components/device-card';
import { deviceName } from '../lib/describe-device';

function DeviceSkeletons() {
  return (
    <>
      <VisuallyHidden role="status">Loading your devices</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <Paper key={key} withBorder p="md">
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

/** Every device the customer is signed in on; any but this one can be signed out (DESIGN §4). */
export function DevicesScreen() {
  const devices = useDevices();
  const remove = useDeleteDevice();
  const [target, setTarget] = useState<Device | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const ask = (device: Device) => {
    setFailure(null);
    setNotice(null);
    setTarget(device);
  };
  const close = () => {
    if (!remove.isPending) setTarget(null);
  };
  const confirm = () => {
    if (target === null) return;
    const name = deviceName(target);
    remove.mutate(target.id, {
      onSuccess: () => {
        setTarget(null);
        setNotice(`${name} has been signed out.`);
      },
      onError: (error) => {
        if (httpStatus(error) === 404) {
          // Already gone (expired, or signed out elsewhere): the list catches up.
          setTarget(null);
          void devices.refetch();
          return;
        }
        setFailure(describeError(error, 'The device was not signed out. Please try again.'));
      },
    });
  };

  let content;
  if (devices.isPending) content = <DeviceSkeletons />;
  else if (devices.isError) {
    content = (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" title="We could not load your devices" w="100%">
          {describeError(devices.error, 'Something went wrong on our side. Please try again.')}
        </Alert>
        <Button
          variant="default"
          onClick={() => void devices.refetch()}
          loading={devices.isFetching}
        >
          Retry
        </Button>
      </Stack>
    );
  } else if (devices.data.length === 0) {
    content = <Text>No devices are signed in.</Text>;
  } else {
    content = (
      <Stack
        component="ul"
        gap="md"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Signed-in devices"
      >
        {devices.data.map((device) => (
          <DeviceCard key={device.id} device={device} onSignOut={ask} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{routes.devices.title}</Title>
      <Text>These are the devices where you are signed in to Corridor.</Text>
      <Box role="status">{notice !== null && <Text>{notice}</Text>}</Box>
      {content}
      <Modal
        opened={target !== null}
        onClose={close}
        title="Sign out this device?"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          <Text>
            {target !== null ? deviceName(target) : 'The device'} will be signed out straight away.
            Whoever uses it will need to sign in again.
          </Text>
          <FormErrorAlert title="Not signed out" message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
