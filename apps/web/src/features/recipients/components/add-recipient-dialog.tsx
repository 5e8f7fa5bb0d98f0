import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation, useNavigate } from 'react-router';
import { commonMessages, useT } from '@/i18n';
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
 * leave the browser's history, so its Back leaves the page again.
 */
export function AddRecipientDialog({ opened, onClose, ...wizard }: AddRecipientDialogProps) {
  const t = useT(recipientsMessages);
  const common = useT(commonMessages);
  const isPhone = useMediaQuery('(max-width: 36em)', false);
  const location = useLocation();
  const navigate = useNavigate();
  const close = () => {
    const steps = wizardDepth(location.state);
    if (steps > 0) void navigate(-steps);
    onClose();
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
      {opened && <AddRecipientWizard {...wizard} headingOrder={3} />}
    </Modal>
  );
}
