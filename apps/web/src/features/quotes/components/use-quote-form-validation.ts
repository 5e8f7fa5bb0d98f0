import type { AmountType, Quote } from '@corridor/contracts';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useT } from '@/i18n';
import { describeError, httpStatus } from '@/lib/api-error';
import { formatAmountText } from '@/ui/amount-text';
import type { LiveQuote } from '../api/get-quote';
import { amountErrors, fieldNames, typedProblem } from '../lib/amount-sides';
import type { TypedAmount } from '../lib/quote-request';
import { quotesMessages } from '../messages';

export interface QuoteFormValidation {
  /** What the customer is typing on one side; null while they type in neither. */
  typed: TypedAmount | null;
  setTyped: Dispatch<SetStateAction<TypedAmount | null>>;
  /**
   * No figure of an earlier amount may stay on screen: the amount typed is not one, is zero or
   * emptied, or the server refused it.
   */
  outdated: boolean;
  /** The message under a side's amount: the customer's mistake, the server's 422, a limit. */
  fieldError: (side: AmountType) => string | undefined;
  /** The red panel's message: a 422 on no amount, or a send that failed otherwise. */
  failure: string | null;
  /** The customer changed something: "Enter an amount" waits for the next Send money. */
  clearMissing: () => void;
  /**
   * Before sending: the side whose amount cannot be sent (emptied, not an amount, zero), whose
   * field then says why; null when the amount is one to price.
   */
  unsendableSide: () => AmountType | null;
}

/**
 * The calculator's validation (quote-form.tsx): what is wrong with the amounts and where it is
 * said. The customer's own mistakes ("abc", -50, 0, emptied) are caught here and never asked of
 * the server; its refusals (422 on the quote or on Send money) and limits (`alerts`) are put
 * under the amount they concern. `sendError` is Send money's last failure.
 */
export function useQuoteFormValidation(
  quote: Quote,
  live: Pick<LiveQuote, 'error' | 'request'>,
  sendError: unknown,
): QuoteFormValidation {
  const t = useT(quotesMessages);
  const [typed, setTyped] = useState<TypedAmount | null>(null);
  const [missing, setMissing] = useState<AmountType | null>(null);

  const quoteRefused = live.error !== null ? live.error : null;
  const sendRefused = httpStatus(sendError) === 422 ? sendError : null;
  const placed = amountErrors(
    quoteRefused ?? sendRefused,
    quoteRefused !== null ? live.request.amount_type : quote.amount_type,
  );
  const problem = typedProblem(typed);
  const outdated =
    quoteRefused !== null || problem !== null || (typed !== null && typed.value === '');

  const typedError = (side: AmountType) => {
    if (missing === side) return t('amount.required');
    if (typed?.side !== side || problem === null) return undefined;
    const currency = side === 'send' ? quote.payment_currency : quote.payout_currency;
    const example = formatAmountText('1250', currency.code, t.locale, currency.decimal_places);
    return problem === 'notAnAmount'
      ? t('amount.notAnAmount', { example })
      : t('amount.notPositive');
  };
  const alertOn = (side: AmountType) => (outdated ? undefined : quote.alerts[fieldNames[side]]);

  return {
    typed,
    setTyped,
    outdated,
    fieldError: (side) => typedError(side) ?? placed[side] ?? alertOn(side),
    failure:
      sendError !== null && sendRefused === null
        ? describeError(sendError, t('send.failed'))
        : placed.other,
    clearMissing: () => setMissing(null),
    unsendableSide: () => {
      if (typed === null) return null;
      if (typed.value !== null && typed.value !== '' && problem === null) return null;
      if (typed.value === '') setMissing(typed.side);
      return typed.side;
    },
  };
}
