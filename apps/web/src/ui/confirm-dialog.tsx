import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { commonMessages, useT } from '@/i18n';
import { ModalOnDemand } from './modal-on-demand';

export interface ConfirmDialogProps {
  opened: boolean;
  /** A question naming the action: "Sign out of all other devices?" */
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  /** The action's own verb ("Sign out"), never "OK". */
  confirmLabel: string;
  /** What not confirming does, when "Cancel" says it badly ("Keep editing"). */
  cancelLabel?: string;
  /** `danger` for what cannot be undone. */
  tone?: 'primary' | 'danger';
  /** The action is running: the buttons wait and the dialog stays open. */
  pending?: boolean;
  /** Why the action failed, shown in the dialog so it can be tried again. */
  error?: string | null;
  errorTitle?: string;
  onConfirm: () => void;
  /** Cancel, Escape or the close button; not while pending. */
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone. Focus starts on Cancel, so Enter never confirms
 * by accident; a failure shows inside the dialog with the action still offered. Its Modal's code
 * comes after the screen's first paint (modal-on-demand.tsx).
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  pending = false,
  error = null,
  errorTitle,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useT(commonMessages);
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <ModalOnDemand
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={{ 'aria-label': t('action.close') }}
      centered
      radius="lg"
    >
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        {error !== null && (
          <Alert color="red" variant="light" role="alert" title={errorTitle}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending} data-autofocus>
            {cancelLabel ?? t('action.cancel')}
          </Button>
          <Button
            color={tone === 'danger' ? 'red' : undefined}
            onClick={onConfirm}
            loading={pending}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </ModalOnDemand>
  );
}
