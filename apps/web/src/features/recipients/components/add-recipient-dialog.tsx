import { Modal } from '@mantine/core';
import { usePhoneLayout } from '@/ui/use-phone-layout';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { commonMessages, useT } from '@/i18n';
import type { Recipient } from '@corridor/contracts';
import { recipientsMessages } from '../messages';
import {
  AddRecipientWizard,
  wizardDepth,
  type AddRecipientWizardProps,
} from './add-recipient-wizard';

export interface AddRecipientDialogProps extends Omit<AddRecipientWizardProps, 'headingOrder'> {
  opened: boolean;
  onClose: () => void;
}

/**
 * The add-recipient wizard in a dialog: full screen on phones (the form and the keyboard need
 * all of it), a panel on wider screens. Each opening starts afresh. Closed, the wizard's steps
 * leave the browser's history, so its Back leaves the page again; saved too, before the caller
 * goes on, so Back from where it goes returns to this page once, not through spent steps.
 */
export function AddRecipientDialog({
  opened,
  onClose,
  onSaved,
  ...wizard
}: AddRecipientDialogProps) {
  const t = useT(recipientsMessages);
  const common = useT(commonMessages);
  const isPhone = usePhoneLayout();
  const location = useLocation();
  const navigate = useNavigate();
  const steps = wizardDepth(location.state);
  // Saved while the wizard's steps were still in the history: handed on once they are gone.
  const [saved, setSaved] = useState<Recipient | null>(null);
  const handedOn = useRef<Recipient | null>(null);
  useEffect(() => {
    if (saved === null || steps > 0 || handedOn.current === saved) return;
    handedOn.current = saved;
    onSaved(saved);
  }, [saved, steps, onSaved]);
  // Each opening starts afresh.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    setSaved(null);
  }
  const close = () => {
    if (steps > 0) void navigate(-steps);
    onClose();
  };
  const save = (recipient: Recipient) => {
    if (steps === 0) return onSaved(recipient);
    setSaved(recipient);
    void navigate(-steps);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('wizard.title')}
      fullScreen={isPhone}
      radius={isPhone ? 0 : 'lg'}
      size="lg"
      closeButtonProps={{ 'aria-label': common('action.close') }}
    >
      {opened && saved === null && (
        <AddRecipientWizard {...wizard} onSaved={save} headingOrder={3} />
      )}
    </Modal>
  );
}
