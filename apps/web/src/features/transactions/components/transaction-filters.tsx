import { transactionStateCodes, type TransactionStateCode } from '@corridor/contracts';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useT } from '@/i18n';
import { ChevronDownIcon } from '@/ui/icons';
import { useRecipientSearch } from '../api/find-recipients';
import { isFiltered, type TransactionFilters } from '../lib/transaction-filters';
import { transactionsMessages } from '../messages';

export interface TransactionFiltersProps {
  filters: TransactionFilters;
  /** The new filters, back on the first page. */
  onChange: (filters: TransactionFilters) => void;
  /** The name of the recipient filtered by, when the list knows it (its first row's). */
  recipientName?: string;
}

/** Today as YYYY-MM-DD in the customer's time zone: no transfer is dated later. */
function today(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The list's filters (docs/product/routes-and-screens.md#transactions): state, recipient and
 * dates. Native controls: a phone's own pickers, and every one labelled.
 */
export function TransactionFiltersForm({
  filters,
  onChange,
  recipientName,
}: TransactionFiltersProps) {
  const t = useT(transactionsMessages);
  // The customer's recipients (at most 10, as the type-ahead answers), for the recipient filter.
  const recipients = useRecipientSearch('', true);
  const recipientOptions = (recipients.data?.data ?? []).map((recipient) => ({
    value: recipient.id,
    label: recipient.whole_name,
  }));
  if (
    filters.recipientId !== undefined &&
    !recipientOptions.some((option) => option.value === filters.recipientId)
  ) {
    recipientOptions.push({
      value: filters.recipientId,
      label: recipientName ?? t('filters.thisRecipient'),
    });
  }
  const change = (patch: Partial<TransactionFilters>) =>
    onChange({ ...filters, ...patch, page: 1 });
  const max = today();

  return (
    <Stack gap="sm" component="section" aria-label={t('filters.label')}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <NativeSelect
          label={t('filters.state')}
          value={filters.state ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ state: value === '' ? undefined : (value as TransactionStateCode) });
          }}
          rightSection={<ChevronDownIcon />}
          data={[
            { value: '', label: t('filters.anyState') },
            ...transactionStateCodes.map((code) => ({ value: code, label: t(`state.${code}`) })),
          ]}
        />
        <NativeSelect
          label={t('filters.recipient')}
          value={filters.recipientId ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ recipientId: value === '' ? undefined : value });
          }}
          rightSection={<ChevronDownIcon />}
          data={[{ value: '', label: t('filters.anyRecipient') }, ...recipientOptions]}
        />
        <TextInput
          type="date"
          label={t('filters.from')}
          value={filters.startDate ?? ''}
          max={filters.endDate ?? max}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ startDate: value === '' ? undefined : value });
          }}
        />
        <TextInput
          type="date"
          label={t('filters.to')}
          value={filters.endDate ?? ''}
          min={filters.startDate}
          max={max}
          onChange={(event) => {
            const value = event.currentTarget.value;
            change({ endDate: value === '' ? undefined : value });
          }}
        />
      </SimpleGrid>
      {isFiltered(filters) && (
        <Group>
          <Button variant="subtle" onClick={() => onChange({ page: 1 })}>
            {t('filters.clear')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
