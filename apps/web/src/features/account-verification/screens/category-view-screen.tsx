import type { Customer } from '@corridor/contracts';
import { Anchor, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pathTo } from '@/config/routes';
import { useCustomer } from '@/features/customers';
import { commonMessages, useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { Notice } from '@/ui/notice';
import { PageHeader, PageHeaderSkeleton } from '@/ui/page-header';
import { showToast } from '@/ui/toasts';
import { useDocumentCategories } from '../api/get-document-categories';
import { DocumentTypeCard } from '../components/document-type-card';
import { UploadDialog } from '../components/upload-dialog';
import {
  documentNoticeMark,
  documentNoticeSubject,
  toldSince,
} from '../lib/document-notice-subject';
import { stageOf } from '../lib/document-status';
import type { DocumentCategory, DocumentType } from '../lib/document-types';
import { returnPath, returnSearch } from '../lib/return-route';
import { accountVerificationMessages } from '../messages';

function CategorySkeleton() {
  const t = useT(accountVerificationMessages);
  const common = useT(commonMessages);
  return (
    <div>
      <VisuallyHidden>
        <h1>{common('route.categoryView')}</h1>
      </VisuallyHidden>
      <VisuallyHidden role="status">{t('category.loading')}</VisuallyHidden>
      <PageHeaderSkeleton withDescription />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden="true">
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} height={220} radius="lg" />
        ))}
      </SimpleGrid>
    </div>
  );
}

/** What the customer already sent in this category: being checked, or verified. */
function CategoryStatus({
  customer,
  category,
}: {
  customer: Customer | undefined;
  category: DocumentCategory;
}) {
  const t = useT(accountVerificationMessages);
  const latest = customer?.documents.find(
    (document) => document.document_category.id === category.id,
  );
  const stage = latest === undefined ? 'unknown' : stageOf(latest.status_code);
  if (latest === undefined || (stage !== 'checking' && stage !== 'verified')) return null;
  return (
    <Notice tone={stage === 'verified' ? 'success' : 'info'} role="status">
      {t(stage === 'verified' ? 'category.verified' : 'category.checking', {
        type: latest.document_type.title,
      })}
    </Notice>
  );
}

function CategoryView({ category }: { category: DocumentCategory }) {
  const t = useT(accountVerificationMessages);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const customer = useCustomer();
  const [type, setType] = useState<DocumentType | null>(null);
  const [opened, setOpened] = useState(false);
  // Notices told since the dialog opened are newer than its "sent" (see `sent`).
  const openedAt = useRef(0);
  const back = `${pathTo('accountVerification')}${returnSearch(params)}`;

  const sent = (_customer: Customer, sentType: DocumentType) => {
    setOpened(false);
    // This tab hears no event of its own upload (X-Socket-ID): its notice replaces the type's
    // rejection here, as the upload's event does on the customer's other tabs. But the review
    // can answer before the upload's own answer arrives (a busy machine, a fast sandbox): a
    // notice told since the dialog opened is newer, and stays.
    const about = documentNoticeSubject(category.code, sentType.code);
    if (!toldSince(about, openedAt.current)) {
      showToast({ message: t('dialog.sent', { type: sentType.title }), about });
    }
    void navigate(returnPath(params) ?? pathTo('accountVerification'));
  };

  return (
    <div>
      <PageHeader
        title={category.title}
        description={category.description ?? undefined}
        backTo={back}
      />
      <Stack gap="lg">
        <CategoryStatus customer={customer} category={category} />
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, lg: 3 }}
          className="verification-grid"
          aria-label={t('category.types')}
        >
          {category.document_types.map((documentType) => (
            <DocumentTypeCard
              key={documentType.id}
              type={documentType}
              onStart={() => {
                openedAt.current = documentNoticeMark();
                setType(documentType);
                setOpened(true);
              }}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <UploadDialog
        categoryId={category.id}
        opened={opened}
        type={type}
        onClose={() => setOpened(false)}
        onSent={sent}
      />
    </div>
  );
}

/**
 * A category's document types (docs/product/routes-and-screens.md#account-verification), each with what it accepts and "Start
 * verification", which opens the upload dialog. The address names the category by its id (its
 * code, such as POI, is understood too).
 */
export function CategoryViewScreen() {
  const t = useT(accountVerificationMessages);
  const common = useT(commonMessages);
  const { category: wanted = '' } = useParams();
  const categories = useDocumentCategories();
  if (categories.data === undefined && categories.isError) {
    return (
      <div>
        <PageHeader title={common('route.categoryView')} backTo={pathTo('accountVerification')} />
        <LoadError
          title={t('category.loadFailed')}
          message={describeError(categories.error, t('category.loadFailedText'))}
          onRetry={() => void categories.refetch()}
          retrying={categories.isFetching}
        />
      </div>
    );
  }
  if (categories.data === undefined) return <CategorySkeleton />;
  const category = categories.data.find(
    (candidate) => candidate.id === wanted || candidate.code === wanted,
  );
  if (category === undefined) {
    return (
      <div>
        <PageHeader title={common('route.categoryView')} />
        <EmptyState
          title={t('category.notFound')}
          description={t('category.notFoundText')}
          action={
            <Anchor component={Link} to={pathTo('accountVerification')} fw={600}>
              {t('category.back')}
            </Anchor>
          }
        />
      </div>
    );
  }
  return <CategoryView category={category} />;
}
