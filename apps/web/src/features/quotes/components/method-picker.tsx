import type { QuotePayoutMethod } from '@corridor/contracts';
import { useId } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { formatDateTime, useT } from '@/i18n';
import { InfoIcon } from '@/ui/icons';
import { quotesMessages } from '../messages';
import { useRateLine } from './cost-disclosure';

export interface MethodPickerProps {
  methods: readonly QuotePayoutMethod[];
  value: string;
  onChange: (methodId: string) => void;
  /** A recipient's method: shown alone and fixed. */
  locked?: boolean;
}

/**
 * How the money is paid out, as cards of native radios (arrow keys move between them): each
 * method's title, what it is, and when the money arrives with it.
 */
export function MethodPicker({ methods, value, onChange, locked = false }: MethodPickerProps) {
  const t = useT(quotesMessages);
  const rateLine = useRateLine();
  const name = useId();
  const shown = locked ? methods.filter((method) => method.id === value) : methods;
  return (
    <fieldset className="method-picker" disabled={locked}>
      <legend className="method-picker__legend">{t('method.legend')}</legend>
      {locked && <p className="method-picker__note">{t('method.locked')}</p>}
      <div className="method-picker__options">
        {shown.map((method) => (
          <label key={method.id} className="method-picker__option">
            <input
              type="radio"
              name={name}
              value={method.id}
              checked={method.id === value}
              onChange={() => onChange(method.id)}
            />
            <span className="method-picker__text">
              <span className="method-picker__title">{method.title}</span>
              <span className="method-picker__description">{method.description}</span>
              <span className="method-picker__arrival">
                {t('method.arrival', { time: formatDateTime(method.estimated_arrival, t.locale) })}
              </span>
              {method.sell_rate_formatted !== null && (
                <span className="method-picker__rate">
                  {t('method.rate', { rate: rateLine(method.sell_rate_formatted) })}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The chosen method's instruction and promotion, when it has them, under the picker. */
export function MethodNotes({ method }: { method: QuotePayoutMethod }) {
  const t = useT(quotesMessages);
  return (
    <>
      {method.instruction !== null && (
        <p className="calculator__note">
          <InfoIcon />
          <span>
            <VisuallyHidden>{t('method.instruction')}: </VisuallyHidden>
            {method.instruction}
          </span>
        </p>
      )}
      {method.promo !== null && (
        <p className="calculator__note calculator__promo" data-tone="success">
          <span className="calculator__promo-mark" aria-hidden="true">
            %
          </span>
          <span>
            <VisuallyHidden>{t('method.promo')}: </VisuallyHidden>
            {method.promo}
          </span>
        </p>
      )}
    </>
  );
}
