import { Button, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useT } from '@/i18n';
import { MAX_MEGABYTES } from '../lib/file-checks';
import { fileTypeList } from '../lib/file-words';
import type { DocumentType } from '../lib/document-types';
import { accountVerificationMessages } from '../messages';
import './account-verification.css';

function Rules({ title, rules }: { title: string; rules: readonly string[] }) {
  if (rules.length === 0) return null;
  return (
    <div>
      <Title order={3} size="h6">
        {title}
      </Title>
      <Text component="ul" size="sm" className="verification-list">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </Text>
    </div>
  );
}

export interface DocumentTypeCardProps {
  type: DocumentType;
  onStart: () => void;
}

/**
 * A kind of document the category takes: what is accepted, what is refused, how recent it
 * must be and which files, with "Start verification" (the upload dialog).
 */
export function DocumentTypeCard({ type, onStart }: DocumentTypeCardProps) {
  const t = useT(accountVerificationMessages);
  const types = fileTypeList(type.file_types, t.locale);
  const files =
    type.sides === null
      ? t('type.files.pages', { max: type.max_pages, types, size: MAX_MEGABYTES })
      : t('type.files.sides', { types, size: MAX_MEGABYTES });
  return (
    <Paper component="li" withBorder radius="lg" p="md" className="verification-card">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {type.title}
        </Title>
        {type.description !== null && <Text size="sm">{type.description}</Text>}
        <Rules title={t('type.accepted')} rules={type.accepted} />
        <Rules title={t('type.refused')} rules={type.refused} />
        {type.recency !== null && (
          <Text size="sm" fw={600}>
            {type.recency}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {files}
        </Text>
        <Button onClick={onStart}>
          {t('action.start')}
          <VisuallyHidden>: {type.title}</VisuallyHidden>
        </Button>
      </Stack>
    </Paper>
  );
}
