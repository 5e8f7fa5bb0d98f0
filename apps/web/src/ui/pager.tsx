import { Button, Group, Text } from '@mantine/core';
import { useT } from '@/i18n';
import { uiMessages } from './messages';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** What is paged, for screen readers ("Recipients pages"); "Pages" by default. */
  label?: string;
  /** A page is loading: the buttons wait. */
  pending?: boolean;
}

/**
 * Previous and next through a server's pages, with where the customer is ("Page 2 of 5"). Two
 * large buttons rather than a row of numbers: it fits a phone, and lists here are short.
 * Nothing is drawn for a single page.
 */
export function Pager({ page, totalPages, onChange, label, pending = false }: PagerProps) {
  const t = useT(uiMessages);
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label ?? t('pager.label')}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Button
          variant="default"
          disabled={page <= 1 || pending}
          onClick={() => onChange(page - 1)}
        >
          {t('pager.previous')}
        </Button>
        <Text size="sm" className="tabular-nums">
          {t('pager.position', { page, total: totalPages })}
        </Text>
        <Button
          variant="default"
          disabled={page >= totalPages || pending}
          onClick={() => onChange(page + 1)}
        >
          {t('pager.next')}
        </Button>
      </Group>
    </nav>
  );
}
