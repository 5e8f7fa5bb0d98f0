import { Button, Group, Text } from '@mantine/core';
import { commonMessages, useLocale } from '@/i18n';
import { OfflineIcon } from './base-icons';

// On the first load too (sign-in), so only the shared words, which come with every screen; and
// in English if even those could not be fetched, since this shows when nothing can be.
const fallback = {
  'error.unreachable': "We can't reach Corridor right now. Check your connection and try again.",
  'action.retry': 'Retry',
  'action.cancel': 'Cancel',
} as const;

export interface UnreachablePanelProps {
  /** Retrying: the button waits. */
  retrying: boolean;
  onRetry: () => void;
  /** Stay on this screen and stop trying to open the next (not while the app first loads). */
  onCancel?: () => void;
}

/**
 * "We can't reach Corridor": shown over the screen the customer is on while the next one could
 * not be downloaded (defect 14), so what they typed stays where it is.
 */
export function UnreachablePanel({ retrying, onRetry, onCancel }: UnreachablePanelProps) {
  const locale = useLocale();
  const words = commonMessages.loaded(locale);
  const t = (key: keyof typeof fallback) => words?.[key] ?? fallback[key];
  return (
    <div className="unreachable-panel" role="alert">
      <span className="unreachable-panel__icon" aria-hidden="true">
        <OfflineIcon size={20} />
      </span>
      <Text className="unreachable-panel__text">{t('error.unreachable')}</Text>
      <Group gap="xs" wrap="nowrap">
        {onCancel !== undefined && (
          <Button variant="default" onClick={onCancel} disabled={retrying}>
            {t('action.cancel')}
          </Button>
        )}
        <Button onClick={onRetry} loading={retrying}>
          {t('action.retry')}
        </Button>
      </Group>
    </div>
  );
}
