import {
  disclosureLines,
  disclosureTitle,
  quoteDisclosureFigures,
} from '@corridor/contracts/wire/disclosure';
import type { SavedQuote } from '@corridor/contracts';
import { Title } from '@mantine/core';
import { useId } from 'react';
import { useLocale } from '@/i18n';

/**
 * The full-cost disclosure before paying (docs/product/sending-money.md#receipts-and-statements):
 * the very lines the receipt prints, from the template the server uses too, with the quote's
 * figures in the customer's language and times in the browser's zone.
 */
export function DisclosureLines({ quote }: { quote: SavedQuote }) {
  const locale = useLocale();
  const titleId = useId();
  const lines = disclosureLines(quoteDisclosureFigures(quote), locale, {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  return (
    <section className="transfer-summary" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {disclosureTitle(locale)}
      </Title>
      <dl className="transfer-summary__lines">
        {lines.map((line) => (
          <div
            key={line.key}
            className="transfer-summary__line"
            data-wide={line.key === 'cancel' || line.key === 'dispute' || undefined}
          >
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
