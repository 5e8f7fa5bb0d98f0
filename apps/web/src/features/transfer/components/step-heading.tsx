import { Stack, Text, Title } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useFocusOnAppear } from '@/lib/use-focus-on-appear';

/**
 * A step's heading. Focus moves to it as the step appears, so a screen reader says where the
 * customer is and Tab goes on from there (the button that moved on is gone).
 */
export function StepHeading({ title, description }: { title: string; description?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnAppear(ref);
  return (
    <Stack gap={4}>
      <Title ref={ref} order={2} size="h3" tabIndex={-1} data-testid="transfer-step-heading">
        {title}
      </Title>
      {description !== undefined && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
