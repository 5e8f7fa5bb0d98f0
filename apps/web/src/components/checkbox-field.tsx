import type { ChangeEvent, ReactNode } from 'react';
import { useId } from 'react';

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  name?: string;
  /** The accessible name, when the visible label holds more than it (links). */
  'aria-label'?: string;
}

/**
 * A checkbox with its label: the browser's own control in the brand colour (`accent-color`).
 * Not Mantine's Checkbox: this one costs the public screens' first load nothing (issue 13), and
 * a native control is the one phones and screen readers know best.
 */
export function CheckboxField({ label, checked, onChange, name, ...aria }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={onChange}
        aria-label={aria['aria-label']}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
