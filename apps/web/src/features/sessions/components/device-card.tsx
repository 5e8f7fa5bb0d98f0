import type { Device } from '@corridor/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, useT } from '@/i18n';
import { formatRelativeTime } from '@/lib/relative-time';
import { StatusBadge } from '@/ui/status-badge';
import { deviceName } from '../lib/describe-device';
import { sessionsMessages } from '../messages';

export interface DeviceCardProps {
  device: Device;
  /** Asks to sign this device out; not offered for the current device. */
  onSignOut: (device: Device) => void;
  now?: Date;
  /** The level of the device's name in the page's outline (3 inside settings' section). */
  headingOrder?: 2 | 3;
}

/** One signed-in device: what it is, where from, when last seen, and a way to sign it out. */
export function DeviceCard({
  device,
  onSignOut,
  now = new Date(),
  headingOrder = 2,
}: DeviceCardProps) {
  const t = useT(sessionsMessages);
  const name = deviceName(device, t);
  const lastSeen = new Date(device.touched_at);
  // Under a minute is "just now" in either language; Intl says the rest ("3 hours ago").
  const lastActive =
    now.getTime() - lastSeen.getTime() < 60_000
      ? t('device.justNow')
      : formatRelativeTime(lastSeen, now, t.locale);
  return (
    <Paper component="li" withBorder p="md" radius="lg" data-testid="device">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Title order={headingOrder} size="h4">
              {name}
            </Title>
            {device.is_current && <StatusBadge label={t('device.current')} tone="info" />}
          </Group>
          {device.ip_address !== null && (
            <Text size="sm" c="dimmed" className="tabular-nums">
              {t('device.ip', { ip: device.ip_address })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('device.lastActive')}{' '}
            <time dateTime={device.touched_at} title={formatDateTime(lastSeen, t.locale)}>
              {lastActive}
            </time>
          </Text>
        </Stack>
        {!device.is_current && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => onSignOut(device)}
            aria-label={t('device.signOutNamed', { name })}
          >
            {t('device.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
