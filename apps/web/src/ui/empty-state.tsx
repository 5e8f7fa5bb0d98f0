import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  title: string;
  /** What the customer can do about it, in a sentence. */
  description?: ReactNode;
  /** The one thing to do next (a button or link), e.g. "Send money". */
  action?: ReactNode;
  /** A decorative icon from ui/icons. */
  icon?: ReactNode;
  /** The heading's level in the page's outline (2 by default: a section of the screen). */
  headingOrder?: TitleOrder;
}

/** A list or screen with nothing in it yet, and what to do about it. */
export function EmptyState({
  title,
  description,
  action,
  icon,
  headingOrder = 2,
}: EmptyStateProps) {
  return (
    <Stack className="empty-state" align="center" gap="xs">
      {icon !== undefined && (
        <span className="empty-state__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <Title order={headingOrder} size="h3" ta="center">
        {title}
      </Title>
      {description !== undefined && (
        <Text c="dimmed" ta="center" maw={420}>
          {description}
        </Text>
      )}
      {action !== undefined && <div className="empty-state__action">{action}</div>}
    </Stack>
  );
}
