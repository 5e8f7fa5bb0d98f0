import type { SavedQuote } from '@corridor/contracts';
import { Title } from '@mantine/core';
import { countryName } from '@/features/countries';
import { useT } from '@/i18n';
import { CountryFlag } from '@/ui/country-flag';
import { Money } from '@/ui/money';
import { transferMessages } from '../messages';

/**
 * The transfer at a glance beside every step (docs/product/routes-and-screens.md#transfer-wizard): where it goes, how,
 * what is sent and what arrives, and the total to pay. Every figure is the server's.
 */
export function QuoteSummary({ quote }: { quote: SavedQuote }) {
  const t = useT(transferMessages);
  const from = quote.payment_currency.code;
  const to = quote.payout_currency.code;
  const name = quote.recipient?.name;
  // A plain list rather than the design system's DefinitionList: shared with the recipients'
  // screens, it would become a file of its own named in every first load's router chunk.
  const lines = [
    {
      key: 'to',
      term: t('summary.to'),
      description: (
        <>
          <CountryFlag iso2={quote.payout_country.iso2_alpha} />{' '}
          {countryName(quote.payout_country, t.locale)}
        </>
      ),
    },
    { key: 'method', term: t('summary.method'), description: quote.payout_method.title },
    {
      key: 'send',
      term: t('summary.send'),
      description: <Money amount={quote.local_amount} currency={from} />,
    },
    {
      key: 'fee',
      term: t('summary.fee'),
      description: <Money amount={quote.fee} currency={from} />,
    },
    {
      key: 'gets',
      term: name === undefined ? t('summary.gets') : t('summary.getsNamed', { name }),
      description: <Money amount={quote.recipient_gets} currency={to} />,
    },
    {
      key: 'total',
      term: t('summary.total'),
      description: (
        <strong>
          <Money amount={quote.total_to_pay} currency={from} />
        </strong>
      ),
    },
  ];
  return (
    <section className="transfer-summary" aria-labelledby="transfer-summary-title">
      <Title order={2} size="h4" id="transfer-summary-title">
        {t('summary.title')}
      </Title>
      <dl className="transfer-summary__lines">
        {lines.map((line) => (
          <div key={line.key} className="transfer-summary__line">
            <dt>{line.term}</dt>
            <dd>{line.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
