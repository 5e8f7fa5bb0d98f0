import { Stack, Text, Title } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useFocusOnAppear } from '@/lib/use-focus-on-appear';
import './recipients.css';

export interface StepHeadingProps {
  title: string;
  description?: ReactNode;
  order: 2 | 3;
}

/**
 * A wizard step's heading. Focus moves to it as the step appears, so a screen reader says
 * where the customer is and Tab goes on from there (the button that moved on is gone).
 */
export function StepHeading({ title, description, order }: StepHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnAppear(ref);
  return (
    <Stack gap={4}>
      <Title ref={ref} order={order} size="h3" tabIndex={-1} className="step-heading">
        {title}
      </Title>
      {description !== undefined && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
