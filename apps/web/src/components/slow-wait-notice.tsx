import { Button, Group, Text } from '@mantine/core';
import { commonMessages, useT } from '@/i18n';

export interface SlowWaitNoticeProps {
  /** Shown once the wait has taken longer than usual (`isSlow` of useAsyncAction/useAsyncData). */
  show: boolean;
  /** Sends the same request again. */
  onRetry: () => void;
  /** Stops waiting. */
  onCancel: () => void;
}

/**
 * "This is taking longer than usual", with Retry and Cancel, beside the button or load that
 * waits (defect 15): nothing spins without end, and no timeout decides for the customer.
 */
export function SlowWaitNotice({ show, onRetry, onCancel }: SlowWaitNoticeProps) {
  const t = useT(commonMessages);
  // The live region stays mounted, so the sentence is announced when it appears; not a
  // role=status, which would stand for the screens' own notices.
  return (
    <div>
      <div aria-live="polite">{show && <Text size="sm">{t('wait.slow')}</Text>}</div>
      {show && (
        <Group gap="xs" mt={4}>
          <Button variant="default" size="xs" onClick={onRetry}>
            {t('action.retry')}
          </Button>
          <Button variant="subtle" size="xs" onClick={onCancel}>
            {t('action.cancel')}
          </Button>
        </Group>
      )}
    </div>
  );
}
