import { Group, Loader, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { LoadError } from '@/ui/load-error';
import { recipientsMessages } from '../messages';

// What the add-recipient wizard's steps share: their props, the wait and the failure of a step's
// data, and a choice made for the customer when there is only one.

/** What every step gets from the wizard. */
export interface StepProps {
  headingOrder: 2 | 3;
}

/** A query's state as a step reads it (TanStack Query's result fits). */
export interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The wait between steps, saying what it waits for. */
export function StepLoading({ label }: { label: string }) {
  return (
    <Group gap="sm" mih={160} justify="center" role="status">
      <Loader size="sm" />
      <Text>{label}</Text>
    </Group>
  );
}

/** A step's data: the wait, the failure with Retry, or the step. */
export function Loaded<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: Loadable<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT(recipientsMessages);
  if (query.isError) {
    return (
      <LoadError
        title={failed}
        message={describeError(query.error, t('wizard.failedMessage'))}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data === undefined) return <StepLoading label={loading} />;
  return <>{children(query.data)}</>;
}

/**
 * Chooses on the customer's behalf when there is nothing to choose (one option, or the one the
 * caller named), once: the step is skipped, not shown.
 */
export function useAutomaticChoice<T>(choice: T | undefined, choose: (value: T) => void): boolean {
  useEffect(() => {
    if (choice !== undefined) choose(choice);
    // Chosen once, when the choice is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choice]);
  return choice !== undefined;
}
