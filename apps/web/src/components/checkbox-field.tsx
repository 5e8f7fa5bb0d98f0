import type { ChangeEvent, ReactNode } from 'react';
import { useId } from 'react';

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  name?: string;
  /** The accessible name, when the visible label holds more than it (links). */
  'aria-label'?: string;
  /** What is missing ("Accept the terms to continue"), under the label and read with the box. */
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * A checkbox with its label: the browser's own control in the brand colour (`accent-color`).
 * Not Mantine's Checkbox: this one costs the public screens' first load nothing (issue 13), and
 * a native control is the one phones and screen readers know best.
 */
export function CheckboxField({
  label,
  checked,
  onChange,
  name,
  error,
  disabled = false,
  ...aria
}: CheckboxFieldProps) {
  const id = useId();
  const hasError = error !== undefined && error !== null && error !== false;
  return (
    <div className="checkbox-field" data-error={hasError || undefined}>
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={aria['aria-label']}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? `${id}-error` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hasError && (
          <p id={`${id}-error`} className="checkbox-field__error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
