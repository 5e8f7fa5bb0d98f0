import { PasswordInput, type PasswordInputProps } from '@mantine/core';

export interface PasswordFieldProps extends Omit<PasswordInputProps, 'label'> {
  label: string;
}

/**
 * A password input whose show/hide toggle is a real, keyboard-reachable button: "Show password",
 * pressed while the password is visible. Mantine's default toggle is out of the tab order. The
 * name does not repeat the field's label (it follows its own field), so looking a field up by its
 * label ("Confirm password") finds the field only. An error also sets aria-invalid, which
 * Mantine's PasswordInput leaves out.
 */
export function PasswordField({
  label,
  visibilityToggleButtonProps,
  ...props
}: PasswordFieldProps) {
  const { error } = props;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  return (
    <PasswordInput
      label={label}
      aria-invalid={hasError || undefined}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': 'Show password',
        ...visibilityToggleButtonProps,
      }}
      {...props}
    />
  );
}
