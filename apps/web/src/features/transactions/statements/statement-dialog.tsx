import { statementFormats, type StatementRequestBody } from '@corridor/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { commonMessages, useLocale, useT } from '@/i18n';
import { describeError, fieldErrors } from '@/lib/api-error';
import { ChevronDownIcon } from '@/ui/icons';
import { firstOfMonth, localIsoDate } from './local-date';
import { statementsMessages } from './messages';
import { requestStatement, statementKeys, usePaymentCurrencies } from './statements-api';
import { StatementsList } from './statements-list';

export interface StatementDialogProps {
  opened: boolean;
  onClose: () => void;
}

type Format = (typeof statementFormats)[number];

/**
 * "Download statement" (docs/product/routes-and-screens.md#transactions): a date range (whole
 * days, up to today), PDF or CSV, and optionally one currency paid in; the server makes it and
 * emails it, and its message is shown. Below, the statements asked for, each downloadable while
 * READY.
 */
export function StatementDialog({ opened, onClose }: StatementDialogProps) {
  const t = useT(statementsMessages);
  const common = useT(commonMessages);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const today = localIsoDate(new Date());
  const [from, setFrom] = useState(() => firstOfMonth(new Date()));
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<Format>('pdf');
  const [currency, setCurrency] = useState('');
  const [checked, setChecked] = useState(false);
  const currencies = usePaymentCurrencies();
  const request = useMutation({
    mutationFn: (body: StatementRequestBody) => requestStatement(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statementKeys.list(locale) }),
  });

  const local: Record<string, string> = {};
  if (from === '') local.start_date = t('form.required');
  if (to === '') local.end_date = t('form.required');
  else if (from !== '' && to < from) local.end_date = t('form.endBeforeStart');
  const server = fieldErrors(request.error);
  const errorOf = (field: string) => (checked ? local[field] : undefined) ?? server[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(local).length > 0) return;
    request.mutate({
      start_date: from,
      end_date: to,
      type: format,
      ...(currency === '' ? {} : { currency }),
    });
  };
  const otherFailure =
    request.isError && Object.keys(server).length === 0
      ? describeError(request.error, t('form.failed'))
      : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dialog.title')}
      closeButtonProps={{ 'aria-label': common('action.close') }}
      centered
      radius="lg"
      size="lg"
    >
      <Stack gap="lg">
        <form onSubmit={submit} noValidate aria-label={t('dialog.title')}>
          <Stack gap="md">
            <Text size="sm">{t('dialog.intro')}</Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                type="date"
                label={t('form.from')}
                value={from}
                max={to === '' ? today : to}
                required
                error={errorOf('start_date')}
                onChange={(event) => setFrom(event.currentTarget.value)}
              />
              <TextInput
                type="date"
                label={t('form.to')}
                value={to}
                min={from}
                max={today}
                required
                error={errorOf('end_date')}
                onChange={(event) => setTo(event.currentTarget.value)}
              />
            </SimpleGrid>
            {/* A select, not radios: Radio would become a chunk every first load names. */}
            <NativeSelect
              label={t('form.format')}
              value={format}
              onChange={(event) => setFormat(event.currentTarget.value === 'csv' ? 'csv' : 'pdf')}
              rightSection={<ChevronDownIcon />}
              error={errorOf('type')}
              data={statementFormats.map((value) => ({ value, label: t(`form.${value}`) }))}
            />
            <NativeSelect
              label={t('form.currency')}
              value={currency}
              onChange={(event) => setCurrency(event.currentTarget.value)}
              rightSection={<ChevronDownIcon />}
              error={errorOf('currency')}
              data={[
                { value: '', label: t('form.anyCurrency') },
                ...(currencies.data ?? []).map((item) => ({
                  value: item.id,
                  label: `${item.iso_alpha} · ${item.common_name}`,
                })),
              ]}
            />
            {otherFailure !== null && (
              <Alert color="red" variant="light" role="alert">
                {otherFailure}
              </Alert>
            )}
            {request.isSuccess && (
              <Alert
                color="green"
                variant="light"
                role="status"
                title={t('form.requested')}
                data-testid="statement-requested"
              >
                {request.data === '' ? t('form.requestedDefault') : request.data}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending}>
                {t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
        <StatementsList />
      </Stack>
    </Modal>
  );
}
