import { Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '@/config/routes';
import { useT } from '@/i18n';
import type { DocumentCategory } from '../lib/document-types';
import { accountVerificationMessages, type AccountVerificationMessageKey } from '../messages';
import './account-verification.css';

/** Why each category is owed (docs/product/identity-documents.md#what-is-owed), said the way the customer needs to hear it. */
const reasons: Readonly<Record<string, AccountVerificationMessageKey>> = {
  POI: 'owed.POI',
  POA: 'owed.POA',
  SOF: 'owed.SOF',
};

export interface OwedCategoryCardProps {
  category: DocumentCategory;
  /** Carried to the category view: the transfer to return to (`?_rtr=…&_rti=…`), or ''. */
  returnSearch: string;
}

/** A category still owed: why, which documents will do, and where to start. */
export function OwedCategoryCard({ category, returnSearch }: OwedCategoryCardProps) {
  const t = useT(accountVerificationMessages);
  const reason = reasons[category.code];
  const types = new Intl.ListFormat(t.locale, { type: 'disjunction' }).format(
    category.document_types.map((type) => type.title),
  );
  return (
    <Paper component="li" withBorder radius="lg" p="md" className="verification-card">
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h4">
          {category.title}
        </Title>
        <Text size="sm">{reason === undefined ? category.description : t(reason)}</Text>
        {category.document_types.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('owed.types', { types })}
          </Text>
        )}
        <Button
          component={Link}
          to={`${pathTo('categoryView', { category: category.id })}${returnSearch}`}
        >
          {t('action.start')}
          <VisuallyHidden>: {category.title}</VisuallyHidden>
        </Button>
      </Stack>
    </Paper>
  );
}
