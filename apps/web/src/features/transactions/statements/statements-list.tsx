import type { Statement } from '@corridor/contracts';
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { statementsMessages } from './messages';
import { useStatements } from './statements-api';
import './statements.css';

const tones: Record<Statement['state'], Tone> = {
  PREPARING: 'info',
  READY: 'success',
  FAILED: 'danger',
  EXPIRED: 'neutral',
};

/** The statements asked for, newest first: each one's range and format, state, and its link while READY. */
export function StatementsList() {
  const t = useT(statementsMessages);
  const statements = useStatements();
  // A statement's dates are whole days: shown as days, never shifted by the time zone.
  const day = (date: string) => formatDate(`${date}T12:00:00`, t.locale);

  let body;
  if (statements.data === undefined) {
    body = statements.isError ? (
      <LoadError
        title={t('list.failed')}
        message={describeError(statements.error, t('list.failed'))}
        onRetry={() => void statements.refetch()}
        retrying={statements.isFetching}
      />
    ) : (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">{t('list.loading')}</Text>
      </Group>
    );
  } else if (statements.data.length === 0) {
    body = <Text size="sm">{t('list.empty')}</Text>;
  } else {
    body = (
      <ul className="statement-list" aria-labelledby="statements-heading">
        {statements.data.map((statement) => {
          const values = {
            from: day(statement.start_date),
            to: day(statement.end_date),
            format: statement.type.toUpperCase(),
            currency: statement.currency?.iso_alpha ?? '',
          };
          const ready = statement.state === 'READY' && statement.download_url !== null;
          return (
            <li key={statement.id} data-testid="statement" data-state={statement.state}>
              <Stack gap={2}>
                <Group gap="sm" justify="space-between" wrap="wrap">
                  <Text size="sm">
                    {t(statement.currency === null ? 'list.item' : 'list.itemCurrency', values)}
                  </Text>
                  <StatusBadge
                    label={t(`state.${statement.state}`)}
                    tone={tones[statement.state]}
                  />
                </Group>
                {ready && (
                  <Group gap="sm" wrap="wrap">
                    <Anchor
                      href={statement.download_url ?? undefined}
                      download
                      aria-label={t('list.downloadLabel', values)}
                    >
                      {t('list.download')}
                    </Anchor>
                    {statement.expires_at !== null && (
                      <Text size="xs" c="dimmed">
                        {t('list.expires', {
                          when: formatDateTime(statement.expires_at, t.locale),
                        })}
                      </Text>
                    )}
                  </Group>
                )}
              </Stack>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="statements-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="statements-heading">
          {t('list.title')}
        </Title>
        {body}
      </Stack>
    </section>
  );
}
