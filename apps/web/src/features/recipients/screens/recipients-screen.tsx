import type { Recipient } from '@corridor/contracts';
import { Button, SimpleGrid, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { EmptyState } from '@/ui/empty-state';
import { SearchIcon, UserPlusIcon } from '@/ui/icons';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Pager } from '@/ui/pager';
import { showToast } from '@/ui/toasts';
import { useRecipients } from '../api/get-recipients';
import { AddRecipientDialog } from '../components/add-recipient-dialog';
import { RecipientCard, RecipientCardSkeleton } from '../components/recipient-card';
import { useNow } from '@/lib/use-now';
import { recipientsMessages } from '../messages';

/** The wait after the last keystroke before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 350;
/** The server's limit on `search` (contracts' recipientSearchQuerySchema). */
const SEARCH_MAX_LENGTH = 100;
const SKELETONS = 6;

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function RecipientsSkeleton() {
  const t = useT(recipientsMessages);
  return (
    <>
      <VisuallyHidden role="status">{t('list.loading')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden="true">
        {Array.from({ length: SKELETONS }, (_, index) => (
          <RecipientCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </>
  );
}

/**
 * The people and businesses the customer sends to (docs/product/routes-and-screens.md#recipients): searched on the
 * server, a page at a time, and the add-recipient wizard. Page and search live in the address,
 * so Back comes back to the same list.
 */
export function RecipientsScreen() {
  const t = useT(recipientsMessages);
  const common = useT(commonMessages);
  const navigate = useNavigate();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const recipients = useRecipients({ page, search });

  // The typed search reaches the address (and the server) once typing pauses, on page 1.
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced === '') next.delete('search');
        else next.set('search', debounced);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  // A page past the end (the last recipient of it was removed): the last page there is.
  const lastPage = recipients.data?.pagination.total_pages;
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage) {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (lastPage === 1) updated.delete('page');
          else updated.set('page', String(lastPage));
          return updated;
        },
        { replace: true },
      );
    }
  }, [lastPage, page, setParams]);

  const goToPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });

  const clearSearch = () => {
    setTyped('');
    applied.current = '';
    setParams(new URLSearchParams(), { replace: true });
  };

  const saved = (recipient: Recipient) => {
    setAdding(false);
    showToast({ message: t('added', { name: recipient.whole_name }) });
    void navigate(`/recipient/${recipient.id}`);
  };

  const addButton = (
    <Button leftSection={<UserPlusIcon />} onClick={() => setAdding(true)}>
      {t('add')}
    </Button>
  );

  let content;
  if (recipients.data === undefined && recipients.isError) {
    content = (
      <LoadError
        title={t('list.failed')}
        message={describeError(recipients.error, t('list.failedMessage'))}
        onRetry={() => void recipients.refetch()}
        retrying={recipients.isFetching}
      />
    );
  } else if (recipients.data === undefined) {
    content = <RecipientsSkeleton />;
  } else if (recipients.data.data.length === 0 && search !== '') {
    content = (
      <EmptyState
        icon={<SearchIcon size={24} />}
        title={t('list.noMatches', { search })}
        description={t('list.noMatchesHint')}
        action={
          <Button variant="default" onClick={clearSearch}>
            {t('list.clearSearch')}
          </Button>
        }
      />
    );
  } else if (recipients.data.data.length === 0 && page === 1) {
    content = (
      <EmptyState
        icon={<UserPlusIcon size={24} />}
        title={t('list.empty')}
        description={t('list.emptyHint')}
        action={addButton}
      />
    );
  } else {
    const { data, pagination } = recipients.data;
    content = (
      <Stack gap="lg">
        {recipients.isError && (
          <LoadError
            title={t('list.failed')}
            message={describeError(recipients.error, t('list.failedMessage'))}
            onRetry={() => void recipients.refetch()}
            retrying={recipients.isFetching}
          />
        )}
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          className="recipients-grid"
          aria-label={t('list.label')}
          aria-busy={recipients.isPlaceholderData || undefined}
        >
          {data.map((recipient) => (
            <RecipientCard key={recipient.id} recipient={recipient} now={now} />
          ))}
        </SimpleGrid>
        <Pager
          page={pagination.current_page}
          totalPages={pagination.total_pages}
          onChange={goToPage}
          label={t('list.pages')}
          pending={recipients.isPlaceholderData}
        />
      </Stack>
    );
  }

  return (
    <div>
      <PageHeader
        title={common('route.recipients')}
        description={t('list.description')}
        action={addButton}
      />
      <Stack gap="lg">
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<SearchIcon />}
          maxLength={SEARCH_MAX_LENGTH}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          maw={480}
        />
        <VisuallyHidden role="status">
          {search !== '' && recipients.data !== undefined && !recipients.isPlaceholderData
            ? t('list.found', { count: recipients.data.pagination.total })
            : ''}
        </VisuallyHidden>
        {content}
      </Stack>
      <AddRecipientDialog opened={adding} onClose={() => setAdding(false)} onSaved={saved} />
    </div>
  );
}
