import type { SavedQuote } from '@corridor/contracts';
import { useId } from 'react';
import { useT } from '@/i18n';
import { transferMessages } from '../messages';

export interface PaymentMethodFieldProps {
  methods: SavedQuote['payment_methods'];
  value: string | null;
  onChange: (methodId: string) => void;
  error: string | undefined;
  disabled: boolean;
}

/**
 * How the customer pays, as native radios (arrow keys move between them), like the calculator's
 * delivery methods: Mantine's Radio would be one more file shared with the recipients' screens,
 * named in the router's chunk that every first load carries.
 */
export function PaymentMethodField({
  methods,
  value,
  onChange,
  error,
  disabled,
}: PaymentMethodFieldProps) {
  const t = useT(transferMessages);
  const name = useId();
  const errorId = useId();
  return (
    <fieldset
      className="transfer-methods"
      disabled={disabled}
      aria-describedby={error === undefined ? undefined : errorId}
      aria-invalid={error === undefined ? undefined : true}
    >
      <legend className="transfer-methods__legend">
        {t('review.method')} <span aria-hidden="true">*</span>
      </legend>
      {methods.map((method) => (
        <label key={method.id} className="transfer-methods__option">
          <input
            type="radio"
            name={name}
            value={method.id}
            checked={method.id === value}
            onChange={() => onChange(method.id)}
            required
          />
          <span>
            <span className="transfer-methods__title">{method.title}</span>
            {method.description !== null && (
              <span className="transfer-methods__description">{method.description}</span>
            )}
          </span>
        </label>
      ))}
      {error !== undefined && (
        <p id={errorId} className="transfer-methods__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
