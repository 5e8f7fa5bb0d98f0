import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { commonMessages, useT } from '@/i18n';
import { ArrowLeftIcon } from './icons';
import './page-header.css';

export interface PageHeaderProps {
  /** The screen's one h1. */
  title: string;
  /** A sentence under the title: what this screen is for. */
  description?: ReactNode;
  /** Where "Back" goes (a parent screen), if the screen has one. */
  backTo?: string;
  /** The screen's primary action (one per screen, docs/product/routes-and-screens.md#routes), beside the title on wide screens. */
  action?: ReactNode;
  /** A detail shown above the title (a status badge, a step "2 of 4"). */
  eyebrow?: ReactNode;
}

/** The top of every signed-in screen: back link, title, what it is for, its primary action. */
export function PageHeader({ title, description, backTo, action, eyebrow }: PageHeaderProps) {
  const t = useT(commonMessages);
  return (
    <header className="page-header">
      {backTo !== undefined && (
        <Anchor component={Link} to={backTo} className="page-header__back" size="sm">
          <ArrowLeftIcon size={14} />
          {t('action.back')}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4} className="page-header__text">
          {eyebrow}
          <Title order={1}>{title}</Title>
          {description !== undefined && <Text c="dimmed">{description}</Text>}
        </Stack>
        {action !== undefined && <div className="page-header__action">{action}</div>}
      </Group>
    </header>
  );
}

/** The header's place while the screen's title depends on data still loading. */
export function PageHeaderSkeleton({ withDescription = false }: { withDescription?: boolean }) {
  return (
    <div className="page-header" aria-hidden="true">
      <Skeleton height={32} width="45%" radius="sm" />
      {withDescription && <Skeleton height={16} width="70%" mt="sm" radius="sm" />}
    </div>
  );
}
