import { Skeleton, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useT, type Translate } from '@/i18n';
import { formatAmountText, parseAmount, type ParsedAmount } from './amount-text';
import { uiMessages, type UiMessageKey } from './messages';
import './amount-field.css';

export interface AmountFieldProps {
  label: string;
  /** ISO 4217 code: decides the decimals allowed and what is shown beside the figures. */
  currency: string;
  /** The amount as a decimal string ("1250.5"), '' when empty. */
  value: string;
  /** The amount typed, as a decimal string; '' when emptied; null while it is not an amount. */
  onChange: (value: string | null) => void;
  description?: ReactNode;
  /** The server's or the screen's message; replaces the field's own. */
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  /** What picks the currency (a CurrencySelect), in place of its code. */
  currencySection?: ReactNode;
  /** Loading what the field needs (the quote's currencies): a placeholder of the same size. */
  loading?: boolean;
  /**
   * The most decimals the amount may have, when the server says (a currency's
   * `decimal_places`); the browser's table for `currency` otherwise.
   */
  decimals?: number;
  /** Drawn before the figures: the currency's symbol ("£"). */
  prefix?: ReactNode;
  /** The customer left the field (a screen may then show the figure it was given). */
  onBlur?: () => void;
}

/** Longer figures are drawn smaller (amount-field.css): "1,250,000.00" fits beside a picker. */
const LONG_FIGURE_CHARACTERS = 9;

/**
 * An amount of money, typed as people write it in their language ("1.250,50" in Spanish) and
 * handed on as a decimal string ("1250.5"), never a float. The decimal keypad on phones; large
 * tabular figures, since the amount is the largest thing on a money screen (docs/product/web-app.md#principles).
 */
export function AmountField({
  label,
  currency,
  value,
  onChange,
  description,
  error,
  disabled = false,
  required = false,
  name,
  currencySection,
  loading = false,
  decimals,
  prefix,
  onBlur,
}: AmountFieldProps) {
  const t = useT(uiMessages);
  const locale = t.locale;
  const id = useId();
  const show = (amount: string) =>
    amount === '' ? '' : formatAmountText(amount, currency, locale, decimals);
  const [text, setText] = useState(() => show(value));
  const [touched, setTouched] = useState(false);
  const parsed = parseAmount(text, currency, locale, decimals);

  // A new amount from outside (a recalculated quote, a reset): show it, unless it is what the
  // customer is typing already.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (!(parsed.kind === 'amount' && parsed.value === value)) setText(show(value));
  }

  if (loading) {
    return (
      <Stack gap={4}>
        <Text component="span" size="lg" fw={500}>
          {label}
        </Text>
        <VisuallyHidden role="status">{t('amount.loading')}</VisuallyHidden>
        <Skeleton height={56} radius="md" aria-hidden="true" />
      </Stack>
    );
  }

  const ownError = amountError(parsed, touched, currency, t, decimals);
  return (
    <TextInput
      id={id}
      label={label}
      description={description}
      name={name}
      value={text}
      required={required}
      withAsterisk={false}
      disabled={disabled}
      error={error ?? ownError}
      data-long={text.length > LONG_FIGURE_CHARACTERS || undefined}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      size="lg"
      classNames={{
        // The root's class scopes amount-field.css's rules above Mantine's (decision 36).
        root: 'amount-field',
        input:
          currencySection === undefined
            ? 'amount-field__input'
            : 'amount-field__input amount-field__input--picker',
      }}
      rightSection={currencySection ?? <span className="amount-field__currency">{currency}</span>}
      rightSectionWidth="auto"
      rightSectionPointerEvents={currencySection === undefined ? 'none' : 'auto'}
      leftSection={
        prefix === undefined ? undefined : <span className="amount-field__prefix">{prefix}</span>
      }
      leftSectionPointerEvents="none"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const result = parseAmount(next, currency, locale, decimals);
        const amount = result.kind === 'amount' ? result.value : null;
        if (amount !== null) setShownValue(amount);
        onChange(result.kind === 'empty' ? '' : amount);
      }}
      onBlur={() => {
        setTouched(true);
        if (parsed.kind === 'amount') setText(show(parsed.value));
        onBlur?.();
      }}
    />
  );
}

function amountError(
  parsed: ParsedAmount,
  touched: boolean,
  currency: string,
  t: Translate<UiMessageKey>,
  decimals: number | undefined,
): string | undefined {
  if (parsed.kind === 'too-precise') {
    return t('amount.tooPrecise', { currency, digits: parsed.digits });
  }
  if (parsed.kind === 'invalid' && touched) {
    return t('amount.invalid', { example: formatAmountText('1250', currency, t.locale, decimals) });
  }
  return undefined;
}
