import type { Customer } from '@corridor/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { SlowWaitNotice } from '@/components/slow-wait-notice';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { Notice } from '@/ui/notice';
import { useUploadDocument } from '../api/upload-document';
import type { DocumentType } from '../lib/document-types';
import { MAX_MEGABYTES } from '../lib/file-checks';
import { fileTypeList } from '../lib/file-words';
import { createUploadKeys } from '../lib/upload-key';
import { slotTypes, useUploadItems, type Refusal, type UploadItem } from '../lib/use-upload-items';
import { accountVerificationMessages, type AccountVerificationMessageKey } from '../messages';
import { BlockedNotice } from './blocked-notice';
import { PhotoGuidance } from './photo-guidance';
import { UploadFiles } from './upload-files';

/** What the customer still has to do before the document can be sent; null when nothing. */
function waitingFor(
  type: DocumentType,
  items: readonly UploadItem[],
): AccountVerificationMessageKey | null {
  if (items.some((item) => item.status === 'failed')) return 'dialog.fixFailed';
  if (items.some((item) => item.status !== 'done')) return 'dialog.waitUploads';
  if (type.sides !== null) {
    return type.sides.every((side) => items.some((item) => item.side === side))
      ? null
      : 'dialog.needSides';
  }
  return items.length < Math.max(1, type.min_pages) ? 'dialog.needFiles' : null;
}

function Refusals({ refusals, type }: { refusals: readonly Refusal[]; type: DocumentType }) {
  const t = useT(accountVerificationMessages);
  if (refusals.length === 0) return null;
  const types = fileTypeList(slotTypes(type, type.sides === null ? null : 'front'), t.locale);
  const say = ({ name, refusal }: Refusal) => {
    if (refusal === 'type') return t('refusal.type', { name, types });
    if (refusal === 'empty') return t('refusal.empty', { name });
    if (refusal === 'too-large') return t('refusal.tooLarge', { name, size: MAX_MEGABYTES });
    return t('refusal.count', { name, max: type.max_pages });
  };
  return (
    <Notice tone="error">
      {refusals.map((refusal, index) => (
        // Two files may share a name: the position tells them apart.
        <Text key={index} size="sm">
          {say(refusal)}
        </Text>
      ))}
    </Notice>
  );
}

export interface UploadFormProps {
  categoryId: string;
  type: DocumentType;
  onCancel: () => void;
  /** The document was made: the customer as the server answered it. */
  onSent: (customer: Customer) => void;
}

/**
 * The upload dialog's content (docs/product/routes-and-screens.md#account-verification, SYSTEM): files chosen, checked, prepared
 * and uploaded one by one, then sent together as one document. Sending is idempotent and
 * offers Retry or Cancel when slow; a failure keeps the files for another try.
 */
export function UploadForm({ categoryId, type, onCancel, onSent }: UploadFormProps) {
  const t = useT(accountVerificationMessages);
  const hintId = useId();
  const uploads = useUploadItems(categoryId, type);
  const send = useUploadDocument();
  const [keys] = useState(createUploadKeys);
  const [failure, setFailure] = useState<string | null>(null);
  const blocked = uploads.items
    .map((item) => item.failure)
    .find((found) => found?.reason === 'blocked');
  const waiting = waitingFor(type, uploads.items);

  const submit = () => {
    const { pages } = uploads;
    if (pages === null || send.isPending) return;
    setFailure(null);
    send.run(
      { categoryId, typeId: type.id, pages, idempotencyKey: keys.keyFor(pages) },
      {
        onSuccess: onSent,
        onError: (error) => setFailure(describeError(error, t('dialog.submitFailedText'))),
      },
    );
  };

  return (
    <Stack gap="md">
      {type.sides !== null && <PhotoGuidance />}
      {blocked?.reason === 'blocked' && <BlockedNotice precondition={blocked.precondition} />}
      <UploadFiles
        type={type}
        items={uploads.items}
        onFiles={uploads.add}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
        locked={send.isPending}
      />
      <Refusals refusals={uploads.refusals} type={type} />
      {failure !== null && (
        <Notice tone="error" title={t('dialog.submitFailed')}>
          {failure}
        </Notice>
      )}
      <div aria-live="polite">
        {waiting !== null && uploads.items.length > 0 && (
          <Text size="sm" id={hintId}>
            {t(waiting, { min: type.min_pages })}
          </Text>
        )}
      </div>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button
          onClick={submit}
          disabled={uploads.pages === null}
          loading={send.isPending}
          aria-describedby={waiting !== null && uploads.items.length > 0 ? hintId : undefined}
        >
          {t('dialog.submit')}
        </Button>
      </Group>
      <SlowWaitNotice show={send.isSlow} onRetry={send.retry} onCancel={send.cancel} />
    </Stack>
  );
}
