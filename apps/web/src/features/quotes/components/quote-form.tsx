import type { AmountType, PayoutTarget, Quote, Recipient } from '@corridor/contracts';
import { VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '@/config/routes';
import { useCustomer } from '@/features/customers';
import { formatMoney, useT } from '@/i18n';
import { httpStatus } from '@/lib/api-error';
import { AmountField } from '@/ui/amount-field';
import type { LiveQuote } from '../api/get-quote';
import { saveQuote } from '../api/save-quote';
import { sendMoneyToRecipient } from '../api/send-money-to-recipient';
import { alertedSide, fieldNames, symbolOf } from '../lib/amount-sides';
import { isZeroDecimal } from '../lib/decimal-text';
import { createIdempotencyKeys } from '../lib/idempotency-key';
import { amountOn, fixedAmount, pricedAmount, requestOf, selectionOf } from '../lib/quote-request';
import { quotesMessages } from '../messages';
import { CorridorSelect } from './corridor-select';
import { CostDisclosure, Fee, RateLine } from './cost-disclosure';
import { MethodNotes, MethodPicker } from './method-picker';
import { RateHistory } from './rate-history';
import { SendAction } from './send-action';
import { useQuoteFormValidation } from './use-quote-form-validation';

/** How long the customer pauses typing before the figures are asked for again. */
export const TYPING_PAUSE_MS = 350;

interface QuoteFormProps {
  quote: Quote;
  live: LiveQuote;
  recipient: Recipient | undefined;
}

/**
 * The priced calculator: both amounts, the corridor and method, every cost, the rate history and
 * Send money; `live` (calculator.tsx) asks the server again as the customer changes it.
 */
export function QuoteForm({ quote, live, recipient }: QuoteFormProps) {
  const t = useT(quotesMessages);
  const navigate = useNavigate();
  const customer = useCustomer();
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<unknown>(null);
  const { typed, setTyped, outdated, fieldError, failure, clearMissing, unsendableSide } =
    useQuoteFormValidation(quote, live, sendError);
  const [changed, setChanged] = useState(false);
  const [keys] = useState(createIdempotencyKeys);

  const scoped = recipient !== undefined;
  const from = quote.payment_currency.code;
  const to = quote.payout_currency.code;
  const selection = selectionOf(quote);
  const pending = live.pending;

  // The field being typed in keeps the customer's text; once they leave it and it is priced,
  // it shows the server's figure too (which may differ: the server rounds).
  const showsTyped = (side: AmountType) =>
    typed !== null && typed.side === side && (typed.left !== true || pending || outdated);
  const fieldValue = (side: AmountType) => {
    if (showsTyped(side)) return typed?.shown ?? '';
    return outdated ? '' : pricedAmount(quote, side);
  };
  // Rows other than the one being typed in turn grey while a newer quote is on its way.
  const loadingExcept = (side: AmountType) =>
    (pending && (typed === null || typed.side !== side)) || undefined;

  const focusAmount = (side: AmountType) =>
    form.current?.querySelector<HTMLInputElement>(`input[name="${fieldNames[side]}"]`)?.focus();

  const onLeave = (side: AmountType) => () =>
    setTyped((previous) => (previous?.side === side ? { ...previous, left: true } : previous));

  const startChange = () => {
    setChanged(true);
    clearMissing();
    setSendError(null);
  };

  const onAmount = (side: AmountType) => (value: string | null) => {
    startChange();
    setTyped((previous) => ({
      side,
      value,
      shown: value ?? (previous?.side === side ? previous.shown : amountOn(quote, side, null)),
    }));
    if (value === null || value === '' || isZeroDecimal(value)) {
      live.cancel();
      return;
    }
    live.schedule({ ...selection, amount_type: side, amount: value }, TYPING_PAUSE_MS);
  };

  const onSource = (pair: PayoutTarget) => {
    startChange();
    void live.requote({
      ...selection,
      payment_country_id: pair.country.id,
      payment_currency_id: pair.currency.id,
      ...fixedAmount(quote, typed),
    });
  };

  // A new country keeps what is sent: an amount to receive means little in another currency.
  const onTarget = (pair: PayoutTarget) => {
    startChange();
    const fixed = fixedAmount(quote, typed);
    if (typed?.side === 'receive') setTyped(null);
    void live.requote({
      payment_country_id: selection.payment_country_id,
      payment_currency_id: selection.payment_currency_id,
      payout_country_id: pair.country.id,
      payout_currency_id: pair.currency.id,
      ...(fixed.amount_type === 'receive'
        ? { amount_type: 'send', amount: amountOn(quote, 'send', typed) }
        : fixed),
    });
  };

  // Payout partners belong to a method: the server picks the new method's.
  const onMethod = (methodId: string) => {
    startChange();
    void live.requote({
      ...selection,
      payout_method_id: methodId,
      payout_company_id: undefined,
      ...fixedAmount(quote, typed),
    });
  };

  const send = async () => {
    setSendError(null);
    const unsendable = unsendableSide();
    if (unsendable !== null) {
      focusAmount(unsendable);
      return;
    }
    setSending(true);
    try {
      // An amount typed but not priced yet is priced first; its answer decides.
      const outcome = await live.settle();
      if (outcome.kind === 'error') {
        // Refused (422): the message is under the amount typed; anything else is the red panel.
        if (httpStatus(outcome.error) === 422) focusAmount(typed?.side ?? 'send');
        return;
      }
      if (outcome.kind !== 'quote') return;
      const settled = outcome.quote;
      const alerted = alertedSide(settled);
      if (alerted !== null) {
        focusAmount(alerted);
        return;
      }
      if (settled.transfer_disable_reason !== null || customer?.is_blocked_for_sending) return;
      const request = requestOf(settled);
      const key = keys.keyFor([recipient?.id ?? null, request]);
      const saved =
        recipient === undefined
          ? await saveQuote(request, key)
          : await sendMoneyToRecipient(recipient.id, request, key);
      void navigate(pathTo('transferWizard', { quoteId: saved.id }));
    } catch (error) {
      setSendError(error);
    } finally {
      setSending(false);
    }
  };

  const summary =
    changed && !pending && !outdated
      ? t('calculator.summary', {
          gets: formatMoney(quote.recipient_gets, to, t.locale),
          total: formatMoney(quote.total_to_pay, from, t.locale),
        })
      : '';
  const method = quote.payout_method;
  return (
    <div className="calculator">
      <form
        ref={form}
        className="calculator__form"
        aria-label={t('calculator.label')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className="calculator__rows">
          <div className="calculator__row" data-loading={loadingExcept('send')}>
            <AmountField
              label={t('send.label')}
              name={fieldNames.send}
              currency={from}
              decimals={quote.payment_currency.decimal_places}
              prefix={symbolOf(quote.payment_currency)}
              value={fieldValue('send')}
              onChange={onAmount('send')}
              onBlur={onLeave('send')}
              error={fieldError('send')}
              currencySection={
                quote.sources.length > 1 ? (
                  <CorridorSelect
                    label={t('send.currency')}
                    pairs={quote.sources}
                    value={{ country: quote.payment_country, currency: quote.payment_currency }}
                    onChange={onSource}
                  />
                ) : undefined
              }
            />
          </div>
          <div className="calculator__row calculator__figure" data-loading={pending || undefined}>
            <span className="calculator__figure-label">
              <span className="calculator__operator" aria-hidden="true">
                {quote.exchange_rate_is_inverse ? '÷' : '×'}
              </span>
              {t('rate.label')}
            </span>
            <span className="calculator__figure-value">
              <RateLine line={quote.exchange_rate_formatted} />
            </span>
          </div>
          <div className="calculator__row calculator__figure" data-loading={pending || undefined}>
            <span className="calculator__figure-label">{t('fee.label')}</span>
            <span className="calculator__figure-value">
              {outdated ? (
                t('disclosure.unpriced')
              ) : (
                <Fee amount={quote.base_fees} currency={from} />
              )}
            </span>
          </div>
          <div className="calculator__row" data-loading={loadingExcept('receive')}>
            <AmountField
              label={
                recipient === undefined
                  ? t('receive.label')
                  : t('receive.labelNamed', { name: recipient.whole_name })
              }
              name={fieldNames.receive}
              currency={to}
              decimals={quote.payout_currency.decimal_places}
              prefix={symbolOf(quote.payout_currency)}
              value={fieldValue('receive')}
              onChange={onAmount('receive')}
              onBlur={onLeave('receive')}
              error={fieldError('receive')}
              currencySection={
                <CorridorSelect
                  label={t('receive.target')}
                  pairs={quote.targets}
                  value={{ country: quote.payout_country, currency: quote.payout_currency }}
                  onChange={onTarget}
                  disabled={scoped}
                />
              }
            />
          </div>
          <div className="calculator__row" data-loading={pending || undefined}>
            <MethodPicker
              methods={quote.payout_methods}
              value={method.id}
              onChange={onMethod}
              locked={scoped}
            />
            <MethodNotes method={method} />
          </div>
        </div>
        <CostDisclosure quote={quote} pending={pending} outdated={outdated} />
        <VisuallyHidden role="status">{summary}</VisuallyHidden>
        <SendAction quote={quote} busy={sending} failure={failure} />
      </form>
      <RateHistory from={from} to={to} />
    </div>
  );
}
