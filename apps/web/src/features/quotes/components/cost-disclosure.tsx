import type { Quote } from '@corridor/contracts';
import { useId, type ReactNode } from 'react';
import { formatDateTime, formatMoney, useT } from '@/i18n';
import { Money } from '@/ui/money';
import { formatDecimal, isZeroDecimal } from '../lib/decimal-text';
import { rateParts } from '../lib/rate-text';
import { quotesMessages } from '../messages';
import './cost-disclosure.css';

/** The figures a live quote and a saved one share (the calculator's, the transfer wizard's). */
export type QuoteFigures = Omit<Quote, 'sources' | 'targets' | 'payout_methods'>;

export interface CostDisclosureProps {
  quote: QuoteFigures;
  /** A newer quote is on its way: the figures are greyed until it comes. */
  pending: boolean;
  /** The figures are for an earlier amount than the one typed (emptied, half-typed, refused). */
  outdated: boolean;
}

/** "Zero" in green, or the fee: the same in the rows and the disclosure. */
export function Fee({ amount, currency }: { amount: string; currency: string }) {
  const t = useT(quotesMessages);
  if (isZeroDecimal(amount)) {
    return (
      <span className="calculator__zero" data-tone="success">
        {t('fee.zero')}
      </span>
    );
  }
  return <Money amount={amount} currency={currency} />;
}

/** "1 GBP = 105.4031 INR", the rate in the customer's language. */
export function Rate({ rate, from, to }: { rate: string; from: string; to: string }) {
  const t = useT(quotesMessages);
  return <>{t('rate.value', { from, rate: formatDecimal(rate, t.locale), to })}</>;
}

/**
 * Writes a rate line the server wrote ("1 GBP = 1,112.31808 INR") in the customer's language,
 * like every other figure on the card (issue 28: Spanish read a point above a comma). A line
 * of another shape is shown as it came.
 */
export function useRateLine(): (line: string) => string {
  const t = useT(quotesMessages);
  return (line) => {
    const parts = rateParts(line);
    if (parts === null) return line;
    return t('rate.value', { ...parts, rate: formatDecimal(parts.rate, t.locale) });
  };
}

/** A rate line the server wrote, in the customer's language. */
export function RateLine({ line }: { line: string }) {
  return <>{useRateLine()(line)}</>;
}

function Line({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="cost-disclosure__line">
      <dt>
        {label}
        {hint !== undefined && <span className="cost-disclosure__hint">{hint}</span>}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Every cost of the transfer in one place, as none of the big providers shows it (docs/product/sending-money.md#pricing):
 * the mid-market rate beside ours, our markup and what it costs, our fee, the total cost as an
 * amount and a share of what is sent, what arrives, what is paid, and when it arrives. Every
 * figure is the server's.
 */
export function CostDisclosure({ quote, pending, outdated }: CostDisclosureProps) {
  const t = useT(quotesMessages);
  const titleId = useId();
  const from = quote.payment_currency.code;
  const to = quote.payout_currency.code;
  const percent = (value: string) => t('percent', { value: formatDecimal(value, t.locale) });
  // An amount that cannot be priced shows no figure of the last one (issue 28).
  const figure = (node: ReactNode) => (outdated ? t('disclosure.unpriced') : node);
  const totalHint = isZeroDecimal(quote.fee)
    ? t('disclosure.totalToPayNoFee')
    : t('disclosure.totalToPayHint', {
        send: formatMoney(quote.local_amount, from, t.locale),
        fee: formatMoney(quote.fee, from, t.locale),
      });
  return (
    <section
      className="cost-disclosure"
      aria-labelledby={titleId}
      aria-busy={pending}
      data-loading={pending || undefined}
      data-outdated={outdated || undefined}
    >
      {/* Not a heading: the calculator sits under headings of every level on its screens. */}
      <p className="cost-disclosure__title" id={titleId}>
        {t('disclosure.title')}
      </p>
      <p className="cost-disclosure__description">
        {outdated ? t('amount.outdated') : t('disclosure.description')}
      </p>
      <dl className="cost-disclosure__lines">
        <Line label={t('disclosure.midMarket')} hint={t('disclosure.midMarketHint')}>
          <Rate rate={quote.mid_market_rate} from={from} to={to} />
        </Line>
        <Line label={t('disclosure.ourRate')}>
          <Rate rate={quote.our_rate} from={from} to={to} />
        </Line>
        <Line label={t('disclosure.markup')}>{percent(quote.markup_percent)}</Line>
        <Line label={t('disclosure.markupCost')}>
          {figure(<Money amount={quote.markup_cost} currency={from} />)}
        </Line>
        <Line label={t('disclosure.fee')}>
          {figure(<Fee amount={quote.fee} currency={from} />)}
        </Line>
        <Line label={t('disclosure.totalCost')}>
          {figure(
            <>
              <Money amount={quote.total_cost} currency={from} />
              <span className="cost-disclosure__share">
                {t('disclosure.totalCostShare', { percent: percent(quote.total_cost_percent) })}
              </span>
            </>,
          )}
        </Line>
        <Line label={t('disclosure.recipientGets')}>
          {figure(<Money amount={quote.recipient_gets} currency={to} />)}
        </Line>
        <Line label={t('disclosure.totalToPay')} hint={outdated ? undefined : totalHint}>
          {figure(
            <strong>
              <Money amount={quote.total_to_pay} currency={from} />
            </strong>,
          )}
        </Line>
        <Line label={t('disclosure.arrival')}>
          <time dateTime={quote.estimated_arrival}>
            {formatDateTime(quote.estimated_arrival, t.locale)}
          </time>
        </Line>
      </dl>
    </section>
  );
}
