import type { SavedQuote } from '@corridor/contracts';
import { Button, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { pathTo } from '@/config/routes';
import { loadProfileFormMessages, useCustomer } from '@/features/customers';
import { recipientsMessages } from '@/features/recipients';
import { commonMessages, useLocale, useT } from '@/i18n';
import { describeError, httpStatus } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { Notice } from '@/ui/notice';
import { prefetchSavedQuote, useSavedQuote } from '../api/get-saved-quote';
import { transferKeys } from '../api/query-keys';
import { TransferWizard } from '../components/transfer-wizard';
import { transferMessages } from '../messages';
import { disclosureMessages } from '../messages/disclosure';

/**
 * The words the wizard speaks: its own, the disclosure's (contracts), the add-recipient
 * wizard's, the address form's. Not the calculator's: the confirm step shows the disclosure's
 * lines now, not the calculator's cost breakdown.
 */
export const loadTransferWizardWords = () =>
  Promise.all([
    transferMessages.load(),
    disclosureMessages.load(),
    recipientsMessages.load(),
    loadProfileFormMessages(),
  ]);

/**
 * The route's loader: runs beside the signed-in frame's (app/router.tsx), so the quote is asked
 * for while the frame checks the session, and the wizard's first render has it.
 */
export async function transferWizardLoader({ params }: LoaderFunctionArgs): Promise<null> {
  await prefetchSavedQuote(params['quoteId'] ?? '');
  return null;
}

/**
 * `/transfer/{quoteId}` (docs/product/routes-and-screens.md#transfer-wizard): the saved quote,
 * then the wizard. An unknown quote (404) says so and leads back to the calculator; any other
 * failure offers a retry.
 */
export function TransferWizardScreen() {
  const t = useT(transferMessages);
  const common = useT(commonMessages);
  const { quoteId = '' } = useParams();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const quote = useSavedQuote(quoteId);
  const customer = useCustomer();

  let body;
  if (quote.isPending || customer === undefined) {
    body = (
      <Stack gap="md" aria-busy="true">
        <VisuallyHidden role="status">{t('wizard.loading')}</VisuallyHidden>
        <Skeleton height={28} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  } else if (quote.isError && httpStatus(quote.error) === 404) {
    body = (
      <Notice tone="error" title={t('wizard.notFoundTitle')}>
        <p>{t('wizard.notFound')}</p>
        <Button component={Link} to={pathTo('dashboard')} variant="default" mt="xs">
          {t('wizard.toDashboard')}
        </Button>
      </Notice>
    );
  } else if (quote.isError) {
    body = (
      <LoadError
        title={t('wizard.loadFailed')}
        message={describeError(quote.error, t('wizard.loadFailedText'))}
        onRetry={() => void quote.refetch()}
        retrying={quote.isFetching}
      />
    );
  } else {
    body = (
      <TransferWizard
        // A new quote (a re-quote) starts the wizard afresh.
        key={quote.data.id}
        quote={quote.data}
        customer={customer}
        onQuote={(next: SavedQuote) =>
          queryClient.setQueryData(transferKeys.quote(quoteId, locale), next)
        }
        reload={() => quote.refetch().then((answer) => answer.data)}
      />
    );
  }
  return (
    <Stack gap="lg">
      {/* A plain h1, not PageHeader: its <header> and back link add nothing to a wizard with a rail. */}
      <Title order={1}>{common('route.transferWizard')}</Title>
      {body}
    </Stack>
  );
}
