import { Button, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useT } from '@/i18n';
import { FileIcon } from '@/ui/icons';
import { MAX_MEGABYTES } from '../lib/file-checks';
import type { UploadFailure } from '../lib/upload-pipeline';
import type { UploadItem } from '../lib/use-upload-items';
import { accountVerificationMessages } from '../messages';

function useFailureText() {
  const t = useT(accountVerificationMessages);
  return (failure: UploadFailure | null): string => {
    switch (failure?.reason) {
      case 'stalled':
        return t('failure.stalled');
      case 'network':
        return t('failure.network');
      case 'refused':
        return t('failure.refused');
      case 'unreadable':
        return t('failure.unreadable');
      case 'too-large':
        return t('failure.tooLarge', { size: MAX_MEGABYTES });
      case 'blocked':
        return t('failure.blocked');
      case 'server':
        return failure.message === '' ? t('failure.generic') : failure.message;
      default:
        return t('failure.generic');
    }
  };
}

export interface UploadFileRowProps {
  item: UploadItem;
  onRetry: () => void;
  onRemove: () => void;
  /** The document is being sent: its files stay as they are. */
  locked: boolean;
}

/**
 * One file on its way: preparing, uploading with a bar, uploaded, or not uploaded with why and
 * Retry. Remove is always offered (it also stops an upload that is running).
 */
export function UploadFileRow({ item, onRetry, onRemove, locked }: UploadFileRowProps) {
  const t = useT(accountVerificationMessages);
  const failureText = useFailureText();
  const percent = Math.round(item.progress * 100);
  const failed = item.status === 'failed';
  const running = item.status === 'preparing' || item.status === 'uploading';
  const stage = {
    preparing: t('file.preparing'),
    uploading: t('file.uploading', { percent }),
    done: t('file.done'),
    failed: t('file.failed'),
  }[item.status];
  return (
    <Stack component="li" gap={6} className="upload-file" data-status={item.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <FileIcon />
          <Text size="sm" fw={600} className="upload-file">
            {item.name}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {failed && item.failure?.reason !== 'blocked' && (
            <Button size="compact-sm" variant="default" onClick={onRetry} disabled={locked}>
              {t('file.retry')}
              <VisuallyHidden>: {item.name}</VisuallyHidden>
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" onClick={onRemove} disabled={locked}>
            {t('file.remove')}
            <VisuallyHidden>: {item.name}</VisuallyHidden>
          </Button>
        </Group>
      </Group>
      <div aria-live="polite">
        <Text size="sm" c={failed ? 'var(--mantine-color-error)' : undefined}>
          {failed ? `${stage}: ${failureText(item.failure)}` : stage}
        </Text>
      </div>
      {running && (
        <Progress
          value={item.status === 'preparing' ? 100 : percent}
          animated={item.status === 'preparing'}
          striped={item.status === 'preparing'}
          aria-label={t('file.progress', { name: item.name })}
          size="sm"
        />
      )}
    </Stack>
  );
}
