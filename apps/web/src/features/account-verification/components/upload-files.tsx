import { Stack, Text } from '@mantine/core';
import { useT } from '@/i18n';
import { FileDrop } from '@/ui/file-drop';
import type { DocumentSide, DocumentType } from '../lib/document-types';
import { MAX_MEGABYTES, acceptAttribute, isImageType } from '../lib/file-checks';
import { fileTypeList } from '../lib/file-words';
import { slotTypes, type UploadItem } from '../lib/use-upload-items';
import { accountVerificationMessages } from '../messages';
import { UploadFileRow } from './upload-file-row';

export interface UploadFilesProps {
  type: DocumentType;
  items: readonly UploadItem[];
  onFiles: (files: File[], side: DocumentSide | null) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  locked: boolean;
}

function FileList({
  items,
  label,
  ...actions
}: Omit<UploadFilesProps, 'type' | 'onFiles'> & { label: string }) {
  if (items.length === 0) return null;
  return (
    <Stack component="ul" gap="sm" className="upload-files" aria-label={label}>
      {items.map((item) => (
        <UploadFileRow
          key={item.id}
          item={item}
          locked={actions.locked}
          onRetry={() => actions.onRetry(item.id)}
          onRemove={() => actions.onRemove(item.id)}
        />
      ))}
    </Stack>
  );
}

/** A card photographed on both sides: a slot per side, each one photo. */
function SideSlots({ type, items, onFiles, ...actions }: UploadFilesProps) {
  const t = useT(accountVerificationMessages);
  return (
    <>
      {(type.sides ?? []).map((side) => {
        const label = t(side === 'front' ? 'side.front' : 'side.back');
        const item = items.filter((candidate) => candidate.side === side);
        if (item.length > 0) {
          return (
            <Stack key={side} gap="xs">
              <Text fw={600}>{label}</Text>
              <FileList items={item} label={label} {...actions} />
            </Stack>
          );
        }
        const types = slotTypes(type, side);
        return (
          <FileDrop
            key={side}
            label={label}
            hint={t('dialog.hint.photo', {
              types: fileTypeList(types, t.locale),
              size: MAX_MEGABYTES,
            })}
            accept={acceptAttribute(types)}
            camera
            disabled={actions.locked}
            onFiles={(files) => onFiles(files, side)}
          />
        );
      })}
    </>
  );
}

/** Any number of pages up to the type's limit, chosen or dropped together. */
function Pages({ type, items, onFiles, ...actions }: UploadFilesProps) {
  const t = useT(accountVerificationMessages);
  return (
    <>
      <FileDrop
        label={t('dialog.files')}
        hint={t('dialog.hint.pages', {
          types: fileTypeList(type.file_types, t.locale),
          size: MAX_MEGABYTES,
          max: type.max_pages,
        })}
        accept={acceptAttribute(type.file_types)}
        multiple={type.max_pages > 1}
        camera={type.file_types.some(isImageType)}
        disabled={actions.locked || items.length >= type.max_pages}
        onFiles={(files) => onFiles(files, null)}
      />
      {items.length > 0 && (
        <Text size="sm">{t('dialog.count', { count: items.length, max: type.max_pages })}</Text>
      )}
      <FileList items={items} label={t('dialog.fileList')} {...actions} />
    </>
  );
}

/** The dialog's files: per side for ID cards, else a list of pages. */
export function UploadFiles(props: UploadFilesProps) {
  return props.type.sides === null ? <Pages {...props} /> : <SideSlots {...props} />;
}
