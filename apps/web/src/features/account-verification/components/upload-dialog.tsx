import type { Customer } from '@corridor/contracts';
import { Modal } from '@mantine/core';
import { usePhoneLayout } from '@/ui/use-phone-layout';
import { commonMessages, useT } from '@/i18n';
import type { DocumentType } from '../lib/document-types';
import { accountVerificationMessages } from '../messages';
import { UploadForm } from './upload-form';

export interface UploadDialogProps {
  categoryId: string;
  opened: boolean;
  /** The type being sent (kept while the dialog closes, so its title stays). */
  type: DocumentType | null;
  onClose: () => void;
  onSent: (customer: Customer, type: DocumentType) => void;
}

/**
 * The upload dialog: full screen on phones (the camera and the file list need all of it), a
 * panel on wider screens. Each opening starts afresh; closing stops uploads still running.
 */
export function UploadDialog({ categoryId, opened, type, onClose, onSent }: UploadDialogProps) {
  const t = useT(accountVerificationMessages);
  const common = useT(commonMessages);
  const isPhone = usePhoneLayout();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={type === null ? '' : t('dialog.title', { type: type.title })}
      fullScreen={isPhone}
      radius={isPhone ? 0 : 'lg'}
      size="lg"
      closeButtonProps={{ 'aria-label': common('action.close') }}
    >
      {opened && type !== null && (
        <UploadForm
          key={type.id}
          categoryId={categoryId}
          type={type}
          onCancel={onClose}
          onSent={(customer) => onSent(customer, type)}
        />
      )}
    </Modal>
  );
}
