import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** The field's problem, shown under it and linked to it (`aria-invalid`, `aria-describedby`). */
  error?: ReactNode;
  description?: ReactNode;
  /** An asterisk after the label of a required field (default true, as in the other forms). */
  withAsterisk?: boolean;
  /** What sits inside the input's frame after the text (the password field's toggle). */
  rightSection?: ReactNode;
}

/**
 * A labelled text input of native elements, for the screens of the first load (sign-in,
 * sign-up, password recovery): Mantine's TextInput and PasswordInput cost those pages about
 * 7 KB they cannot spare (issue 13's budget, issue 14). Looks like Mantine's inputs through the
 * same theme variables (app.css, `.field`).
 */
export function TextField({
  label,
  error,
  description,
  withAsterisk = true,
  rightSection,
  id,
  className,
  required,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy =
    [description ? `${inputId}-description` : '', hasError ? `${inputId}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'} data-error={hasError || undefined}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required && withAsterisk ? (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {description ? (
        <div id={`${inputId}-description`} className="field__description">
          {description}
        </div>
      ) : null}
      <div className="field__control">
        <input
          id={inputId}
          className="field__input"
          required={required}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {rightSection}
      </div>
      {hasError ? (
        <div id={`${inputId}-error`} className="field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
