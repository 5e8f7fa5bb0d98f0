import { useState } from 'react';
import { commonMessages, useT } from '@/i18n';
import { Svg } from '@/ui/base-icons';
import { TextField, type TextFieldProps } from '@/ui/text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'rightSection'>;

/**
 * A password input whose show/hide toggle is a real, keyboard-reachable button: "Show password",
 * pressed while the password is visible. The name does not repeat the field's label (it follows
 * its own field), so looking a field up by its label ("Confirm password") finds the field only.
 * Native elements (ui/text-field.tsx): the sign-in page's budget.
 */
export function PasswordField({ className, ...props }: PasswordFieldProps) {
  const t = useT(commonMessages);
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      className={className ? `field--password ${className}` : 'field--password'}
      type={visible ? 'text' : 'password'}
      rightSection={
        <button
          type="button"
          className="field__toggle"
          aria-label={t('password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <Svg size={18}>
            <path d="M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8z" />
            <circle cx="8" cy="8" r="2" />
            {visible ? <path d="M2.5 2.5l11 11" /> : null}
          </Svg>
        </button>
      }
    />
  );
}
