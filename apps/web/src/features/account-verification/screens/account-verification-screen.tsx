import type { Customer } from '@corridor/contracts';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { EmptyState } from '@/ui/empty-state';
import { CheckIcon } from '@/ui/icons';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { DocumentCard } from '../components/document-card';
import { OwedCategoryCard } from '../components/owed-category-card';
import { PoiNameNotice } from '../components/poi-name-notice';
import { isBeingChecked } from '../lib/document-status';
import { returnSearch } from '../lib/return-route';
import { useLiveCustomer } from '../lib/use-live-customer';
import { accountVerificationMessages } from '../messages';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Verification({ customer, carry }: { customer: Customer; carry: string }) {
  const t = useT(accountVerificationMessages);
  const owed = customer.pending_documents;
  const checking = customer.documents.some(isBeingChecked);
  return (
    <Stack gap="xl">
      {customer.poi_name_check === false && <PoiNameNotice />}
      {owed.length > 0 && (
        <Section title={t('owed.title')}>
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} className="verification-grid">
            {owed.map((category) => (
              <OwedCategoryCard key={category.id} category={category} returnSearch={carry} />
            ))}
          </SimpleGrid>
        </Section>
      )}
      {owed.length === 0 && !checking && (
        <EmptyState
          icon={<CheckIcon size={24} />}
          title={t('allClear.title')}
          description={t('allClear.text')}
        />
      )}
      {customer.documents.length > 0 && (
        <Section title={t('documents.title')}>
          <Stack gap="sm">
            {owed.length === 0 && checking && <Text>{t('owed.nothingElse')}</Text>}
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              className="verification-grid"
            >
              {customer.documents.map((document) => (
                <DocumentCard key={document.id} document={document} returnSearch={carry} />
              ))}
            </SimpleGrid>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

/**
 * Account verification (docs/product/routes-and-screens.md#account-verification): what is still owed and why, each document sent
 * with its status, updated live by the customer's channel and by a slow poll while something
 * is being checked.
 */
export function AccountVerificationScreen() {
  const t = useT(accountVerificationMessages);
  const common = useT(commonMessages);
  const [params] = useSearchParams();
  const customer = useLiveCustomer();
  return (
    <div>
      <PageHeader
        title={common('route.accountVerification')}
        description={t('index.description')}
      />
      <Stack gap="lg">
        {customer.isError && (
          <LoadError
            title={t('refresh.failed')}
            message={describeError(customer.error, t('refresh.failedText'))}
            onRetry={() => void customer.refetch()}
            retrying={customer.isFetching}
          />
        )}
        {customer.data !== undefined && (
          <Verification customer={customer.data} carry={returnSearch(params)} />
        )}
      </Stack>
    </div>
  );
}
