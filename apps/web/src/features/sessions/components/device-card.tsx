import type { Device } from '@corridor/contracts';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CheckIcon } from '@/components/status-icons';
import { formatRelativeTime } from '@/lib/relative-time';
import { deviceName, deviceSystem } from '../lib/describe-device';

export interface DeviceCardProps {
  device: Device;
  /** Asks to sign this device out; not offered for the current device. */
  onSignOut: (device: Device) => void;
  now?: Date;
}

/** One signed-in device: what it is, where from, when last seen, and a way to sign it out. */
export function DeviceCard({ device, onSignOut, now }: DeviceCardProps) {
  const name = deviceName(device);
  const system = deviceSystem(device);
  const lastSeen = new Date(device.touched_at);
  return (
    <Paper component="li" withBorder p="md" data-testid="device">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {name}
          </Title>
          {system !== null && <Text size="sm">{system}</Text>}
          {device.ip_address !== null && <Text size="sm">IP address {device.ip_address}</Text>}
          <Text size="sm">
            Last active{' '}
            <time dateTime={device.touched_at} title={lastSeen.toLocaleString()}>
              {formatRelativeTime(lastSeen, now)}
            </time>
          </Text>
        </Stack>
        {device.is_current ? (
          <Group gap={4} wrap="nowrap">
            <Box component="span" display="inline-flex" c="var(--mantine-color-green-9)">
              <CheckIcon />
            </Box>
            <Text size="sm" fw={700}>
              This device
            </Text>
          </Group>
        ) : (
          <Button
            variant="subtle"
            color="red"
            onClick={() => onSignOut(device)}
            aria-label={`Sign out ${name}`}
          >
            Sign out
          </Button>
        )}
      </Group>
    </Paper>
  );
}
