import { Box, Button, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Calculator } from '@/features/quotes';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { useNow } from '@/lib/use-now';
import { EmptyState } from '@/ui/empty-state';
import { ListIcon } from '@/ui/icons';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Pager } from '@/ui/pager';
import { useTransactions } from '../api/get-transactions';
import { TransactionFiltersForm } from '../components/transaction-filters';
import { TransactionRow, TransactionRowsSkeleton } from '../components/transaction-row';
import {
  filtersFromParams,
  isFiltered,
  paramsFromFilters,
  type TransactionFilters,
} from '../lib/transaction-filters';
import { transactionsMessages } from '../messages';
import { loadStatementDialog } from '../statements';
import '../components/transactions.css';

// The statement dialog is a chunk of its own (statements/index.ts), fetched on first use.
const StatementDialog = lazy(() =>
  loadStatementDialog().then((m) => ({ default: m.StatementDialog })),
);

/**
 * The customer's transfers (docs/product/routes-and-screens.md#transactions): filtered and paged
 * on the server, newest first, each linking to its detail; the calculator beside, to start the
 * next one. Filters and page live in the address, so Back comes back to the same list. "Download
 * statement" opens the statement dialog.
 */
export function TransactionsScreen() {
  const t = useT(transactionsMessages);
  const common = useT(commonMessages);
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const transactions = useTransactions(filters);
  const show = (next: TransactionFilters) => setParams(paramsFromFilters(next));
  // Mounted from the first press on, so closing it keeps what was chosen.
  const [statement, setStatement] = useState<'never' | 'open' | 'closed'>('never');

  // A page past the end (the list shrank): the last page there is.
  const lastPage = transactions.data?.pagination.total_pages;
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && filters.page > lastPage) {
      setParams(paramsFromFilters({ ...filters, page: lastPage }), { replace: true });
    }
  }, [lastPage, filters, setParams]);

  const data = transactions.data;
  const failure = transactions.isError && (
    <LoadError
      title={t('list.failed')}
      message={describeError(transactions.error, t('list.failedMessage'))}
      onRetry={() => void transactions.refetch()}
      retrying={transactions.isFetching}
    />
  );

  let content;
  if (data === undefined) {
    content = failure || <TransactionRowsSkeleton />;
  } else if (data.data.length === 0) {
    content = (
      <>
        {failure}
        {isFiltered(filters) ? (
          <EmptyState
            icon={<ListIcon size={24} />}
            title={t('list.noMatches')}
            description={t('list.noMatchesHint')}
          />
        ) : (
          <EmptyState
            icon={<ListIcon size={24} />}
            title={t('list.empty')}
            description={t('list.emptyHint')}
          />
        )}
      </>
    );
  } else {
    content = (
      <Stack gap="md">
        {failure}
        <Paper withBorder radius="lg">
          <ul
            className="transaction-list"
            aria-label={t('list.label')}
            aria-busy={transactions.isPlaceholderData || undefined}
          >
            {data.data.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} now={now} />
            ))}
          </ul>
        </Paper>
        <Pager
          page={data.pagination.current_page}
          totalPages={data.pagination.total_pages}
          onChange={(page) => show({ ...filters, page })}
          label={t('list.pages')}
          pending={transactions.isPlaceholderData}
        />
      </Stack>
    );
  }

  const recipientName =
    filters.recipientId === undefined
      ? undefined
      : data?.data.find((transaction) => transaction.recipient.id === filters.recipientId)
          ?.recipient.whole_name;

  return (
    <div>
      <PageHeader
        title={common('route.transactions')}
        description={t('list.description')}
        action={
          <Button variant="default" onClick={() => setStatement('open')}>
            {t('list.statement')}
          </Button>
        }
      />
      {statement !== 'never' && (
        <Suspense fallback={null}>
          <StatementDialog opened={statement === 'open'} onClose={() => setStatement('closed')} />
        </Suspense>
      )}
      {/* Until the list has its rows a phone keeps the calculator (under the list) out of the
          layout, or their arrival would move it: see transactions.css. */}
      <div
        className="transactions-layout"
        data-list-pending={(data === undefined && !transactions.isError) || undefined}
      >
        <div>
          <Stack gap="lg">
            <TransactionFiltersForm
              filters={filters}
              onChange={show}
              {...(recipientName === undefined ? {} : { recipientName })}
            />
            <VisuallyHidden role="status">
              {data !== undefined && !transactions.isPlaceholderData
                ? t('list.found', { count: data.pagination.total })
                : ''}
            </VisuallyHidden>
            {content}
          </Stack>
        </div>
        <div className="transactions-layout__side">
          <Box component="section" aria-labelledby="send-again-heading">
            <Stack gap="md">
              <Title order={2} size="h3" id="send-again-heading">
                {t('list.send')}
              </Title>
              <Calculator />
            </Stack>
          </Box>
        </div>
      </div>
    </div>
  );
}
