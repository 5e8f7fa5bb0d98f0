import type { CustomerDocument } from '@corridor/contracts';
import { Anchor, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { formatDate, useT } from '@/i18n';
import { StatusBadge } from '@/ui/status-badge';
import { stageOf, stageTones, type DocumentStage } from '../lib/document-status';
import { accountVerificationMessages } from '../messages';
import './account-verification.css';

const stageLabels = {
  verified: 'stage.verified',
  checking: 'stage.checking',
  rejected: 'stage.rejected',
} as const satisfies Partial<Record<DocumentStage, string>>;

/** When it happened, in the words of its stage. */
function DocumentDates({ document, stage }: { document: CustomerDocument; stage: DocumentStage }) {
  const t = useT(accountVerificationMessages);
  const reviewed = formatDate(document.reviewed_at ?? document.updated_at, t.locale);
  const sent = formatDate(document.created_at, t.locale);
  if (stage === 'verified')
    return <Text size="sm">{t('document.verifiedOn', { date: reviewed })}</Text>;
  if (stage === 'rejected')
    return <Text size="sm">{t('document.checkedOn', { date: reviewed })}</Text>;
  return (
    <>
      <Text size="sm">{t('document.sentOn', { date: sent })}</Text>
      {document.status_code === 'review-required' && (
        <Text size="sm">{t('document.closerLook')}</Text>
      )}
    </>
  );
}

export interface DocumentCardProps {
  document: CustomerDocument;
  /** Carried on "Upload again": the transfer to return to (`?_rtr=…&_rti=…`), or ''. */
  returnSearch: string;
}

/**
 * One document the customer sent, coloured by its status (docs/product/routes-and-screens.md#account-verification): verified
 * with the date, being checked, or not accepted with the reviewer's reason and "Upload again".
 */
export function DocumentCard({ document, returnSearch }: DocumentCardProps) {
  const t = useT(accountVerificationMessages);
  const stage = stageOf(document.status_code);
  const tone = stageTones[stage];
  const label = stage === 'unknown' ? document.status_title : t(stageLabels[stage]);
  const category = document.document_category;
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      className="verification-card"
      data-tone={tone}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {category.title}
          </Text>
          <StatusBadge tone={tone} label={label} />
        </Group>
        <Title order={3} size="h4">
          {document.document_type.title}
        </Title>
        <DocumentDates document={document} stage={stage} />
        {stage === 'rejected' && (
          <>
            <div>
              <Text size="sm" fw={600}>
                {t('document.reason')}
              </Text>
              <Text size="sm" className="verification-card__reason">
                {document.rejection_reason ?? t('document.noReason')}
              </Text>
            </div>
            <Anchor
              component={Link}
              to={`${pathTo('categoryView', { category: category.id })}${returnSearch}`}
              fw={600}
              size="sm"
            >
              {t('document.uploadAgain')}
              <VisuallyHidden>: {document.document_type.title}</VisuallyHidden>
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}
