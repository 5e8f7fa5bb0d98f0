import type { SavedQuote } from '@corridor/contracts';
import { formatMoney, useT } from '@/i18n';
import { Notice } from '@/ui/notice';
import { quoteChanges, snapshotOf, type QuoteSnapshot } from '../lib/quote-diff';
import { transferMessages } from '../messages';

/**
 * What a re-quote changed ("Priya now gets X instead of Y"), shown on the new quote until the
 * customer confirms it: nothing is confirmed at a price they have not seen.
 */
export function RequoteDiff({ before, quote }: { before: QuoteSnapshot; quote: SavedQuote }) {
  const t = useT(transferMessages);
  const changes = quoteChanges(before, snapshotOf(quote));
  const money = (amount: string, currency: string) => formatMoney(amount, currency, t.locale);
  const name = quote.recipient?.name;
  const lines: string[] = [];
  if (changes.recipientGets !== undefined) {
    const { now, before: was, currency } = changes.recipientGets;
    const values = { now: money(now, currency), before: money(was, currency) };
    lines.push(
      name === undefined ? t('requote.getsAnon', values) : t('requote.gets', { ...values, name }),
    );
  }
  if (changes.totalToPay !== undefined) {
    const { now, before: was, currency } = changes.totalToPay;
    lines.push(t('requote.pays', { now: money(now, currency), before: money(was, currency) }));
  }
  return (
    <Notice tone="info" role="status" title={t('requote.title')}>
      {lines.length === 0 ? (
        <p data-testid="requote-diff">{t('requote.same')}</p>
      ) : (
        <ul data-testid="requote-diff">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
