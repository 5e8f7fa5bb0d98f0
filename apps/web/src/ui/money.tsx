import { VisuallyHidden } from '@mantine/core';
import { formatMoneyToParts, useLocale, useT } from '@/i18n';
import { uiMessages } from './messages';
import './money.css';

export type MoneySize = 'sm' | 'md' | 'lg' | 'display';

export interface MoneyProps {
  /** A decimal string as the API sends amounts ("1234.5"); never a float. */
  amount: string;
  /** ISO 4217 code ("GBP"). */
  currency: string;
  /** `display` is the amount of a money screen: the largest thing on it (docs/product/web-app.md#principles). */
  size?: MoneySize;
  /** Whether to say "+" before a positive amount (credits in a list). */
  signed?: boolean;
}

const decimal = /^-?\d+(\.\d+)?$/;

/**
 * An amount with its currency, formatted by `Intl` in the customer's language ("£1,234.50",
 * "1234,50 £"), in tabular figures. The text is the whole formatted amount, so a screen reader
 * reads it as one; the currency symbol is drawn smaller beside large figures.
 */
export function Money({ amount, currency, size = 'md', signed = false }: MoneyProps) {
  const locale = useLocale();
  let parts: Intl.NumberFormatPart[] | undefined;
  if (decimal.test(amount)) {
    try {
      parts = formatMoneyToParts(amount, currency, locale);
    } catch {
      parts = undefined; // not an ISO 4217 code: shown as it came
    }
  }
  if (parts === undefined) {
    return (
      <span className="money" data-size={size} data-unformatted="">
        {amount} {currency}
      </span>
    );
  }
  const positive = signed && !amount.startsWith('-') && /[1-9]/.test(amount);
  return (
    <span className="money" data-size={size}>
      {positive && <span className="money__sign">+</span>}
      {parts.map((part, index) => (
        <span key={index} className={`money__${part.type}`}>
          {part.value}
        </span>
      ))}
    </span>
  );
}

const skeletonHeights: Record<MoneySize, number> = { sm: 14, md: 18, lg: 24, display: 40 };

/** Where an amount will be, while it loads; says so to screen readers. */
export function MoneySkeleton({ size = 'md' }: { size?: MoneySize }) {
  const t = useT(uiMessages);
  return (
    <span className="money" data-size={size}>
      <VisuallyHidden>{t('money.loading')}</VisuallyHidden>
      <span
        className="money__skeleton"
        aria-hidden="true"
        style={{ height: skeletonHeights[size], width: skeletonHeights[size] * 5 }}
      />
    </span>
  );
}
