import type { Recipient } from '@corridor/contracts';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { countryName } from '@/features/countries';
import { useT } from '@/i18n';
import { CountryFlag } from '@/ui/country-flag';
import { InitialsAvatar } from '@/ui/initials-avatar';
import { StatusBadge } from '@/ui/status-badge';
import { recipientsMessages } from '../messages';
import { LastTransfer } from './last-transfer';
import './recipients.css';

export interface RecipientCardProps {
  recipient: Recipient;
  now: Date;
}

/**
 * A recipient in the list: initials, name (the link to their page, covering the card), where
 * they are, how they are paid and when the customer last sent them money.
 */
export function RecipientCard({ recipient, now }: RecipientCardProps) {
  const t = useT(recipientsMessages);
  const { channel } = recipient;
  return (
    <Paper component="li" withBorder radius="lg" p="md" className="recipient-card">
      <InitialsAvatar name={recipient.whole_name} seed={recipient.id} locale={t.locale} />
      <Stack gap={6} className="recipient-card__text">
        <Title order={2} size="h4">
          <Link to={`/recipient/${recipient.id}`} className="recipient-card__link">
            {recipient.whole_name}
          </Link>
        </Title>
        <Group gap={6} wrap="nowrap">
          <CountryFlag iso2={channel.country.iso2_alpha} />
          <Text size="sm">{countryName(channel.country, t.locale)}</Text>
        </Group>
        <div>
          <StatusBadge tone="info" label={channel.payout_method.title} withoutIcon />
        </div>
        <Text size="sm" c="dimmed">
          <LastTransfer
            at={recipient.transaction_summary.recent_transaction_at}
            name={recipient.name}
            now={now}
          />
        </Text>
      </Stack>
    </Paper>
  );
}

/** A card's place while the list loads. */
export function RecipientCardSkeleton() {
  return (
    <Paper withBorder radius="lg" p="md" className="recipient-card" aria-hidden="true">
      <Skeleton height={40} circle />
      <Stack gap={8} className="recipient-card__text">
        <Skeleton height={18} width="70%" />
        <Skeleton height={12} width="45%" />
        <Skeleton height={18} width="35%" radius="xl" />
        <Skeleton height={12} width="60%" />
      </Stack>
    </Paper>
  );
}
