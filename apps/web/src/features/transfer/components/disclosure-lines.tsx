import { disclosureLines, quoteDisclosureFigures } from '@corridor/contracts/wire/disclosure';
import type { SavedQuote } from '@corridor/contracts';
import { Title } from '@mantine/core';
import { useId } from 'react';
import { useT } from '@/i18n';
import { disclosureMessages } from '../messages/disclosure';

/**
 * The full-cost disclosure before paying (docs/product/sending-money.md#receipts-and-statements):
 * the very lines the receipt prints, from the template the server uses too, with the quote's
 * figures in the customer's language and times in the browser's zone.
 */
export function DisclosureLines({ quote }: { quote: SavedQuote }) {
  const t = useT(disclosureMessages);
  const titleId = useId();
  const words = disclosureMessages.loaded(t.locale);
  // The wizard's route loads the words before it renders (loadTransferWizardWords).
  if (words === undefined) return null;
  const lines = disclosureLines(quoteDisclosureFigures(quote), words, t.locale, {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  return (
    <section className="transfer-summary" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {words.title}
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
