import type { Recipient, RecipientBody } from '@corridor/contracts';
import { Modal } from '@mantine/core';
import { usePhoneLayout } from '@/ui/use-phone-layout';
import { commonMessages, useT } from '@/i18n';
import { useEditRecipient } from '../api/edit-recipient';
import { recipientsMessages } from '../messages';
import { RecipientForm } from './recipient-form';

export interface EditRecipientDialogProps {
  recipient: Recipient;
  opened: boolean;
  onClose: () => void;
  onSaved: (recipient: Recipient) => void;
}

/**
 * The recipient's form again, filled in with what is saved (the name lookup runs again), in a
 * dialog that is full screen on phones; it posts to /recipient/edit/{id}.
 */
export function EditRecipientDialog({
  recipient,
  opened,
  onClose,
  onSaved,
}: EditRecipientDialogProps) {
  const t = useT(recipientsMessages);
  const common = useT(commonMessages);
  const isPhone = usePhoneLayout();
  const editRecipient = useEditRecipient();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('edit.title', { name: recipient.whole_name })}
      fullScreen={isPhone}
      radius={isPhone ? 0 : 'lg'}
      size="lg"
      closeButtonProps={{ 'aria-label': common('action.close') }}
    >
      {opened && (
        <RecipientForm
          channel={{ ...recipient.channel, attributes: recipient.attributes }}
          country={recipient.channel.country}
          recipientType={recipient.recipient_type}
          initialRelationshipId={recipient.relationship?.id ?? null}
          submitLabel={t('edit.save')}
          save={(body: RecipientBody) => editRecipient({ id: recipient.id, body })}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}
