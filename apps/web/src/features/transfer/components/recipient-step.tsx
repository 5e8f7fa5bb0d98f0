import type { Recipient, SavedQuote } from '@corridor/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { countryName } from '@/features/countries';
import { useT } from '@/i18n';
import { describeError } from '@/lib/api-error';
import { ChoiceList } from '@/ui/choice-list';
import { UserPlusIcon } from '@/ui/icons';
import { CountryFlag } from '@/ui/country-flag';
import { Notice } from '@/ui/notice';
import { chooseQuoteRecipient } from '../api/choose-quote-recipient';
import { transferMessages } from '../messages';
import { StepHeading } from './step-heading';

// The add-recipient wizard and its form (the phone-number library, the dialog) are a third of
// the wizard's weight and only needed once "Add" is pressed: loaded then, not with the screen.
const AddRecipientDialog = lazy(() =>
  import('@/features/recipients/parts').then((parts) => ({ default: parts.AddRecipientDialog })),
);

export interface RecipientStepProps {
  quote: SavedQuote;
  /** The quote with its recipient, as the server answered. */
  onChosen: (quote: SavedQuote) => void;
}

/**
 * Who gets the money: one of the customer's recipients for the quote's target and method, or a
 * new one added through the add-recipient wizard, attached to the quote (docs/product/routes-and-screens.md#transfer-wizard).
 */
export function RecipientStep({ quote, onChosen }: RecipientStepProps) {
  const t = useT(transferMessages);
  const [adding, setAdding] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const country = countryName(quote.payout_country, t.locale);

  const choose = (recipientId: string) => {
    if (choosing !== null) return;
    setChoosing(recipientId);
    setFailure(null);
    chooseQuoteRecipient(quote.id, recipientId)
      .then(onChosen)
      .catch((error: unknown) => setFailure(describeError(error, t('recipient.failed'))))
      .finally(() => setChoosing(null));
  };

  const saved = (recipient: Recipient) => {
    setAdding(false);
    choose(recipient.id);
  };

  const empty = quote.recipients.length === 0;
  return (
    <Stack gap="md">
      <StepHeading
        title={t(empty ? 'step.recipientAdd' : 'step.recipient')}
        description={t('recipient.intro', { country, method: quote.payout_method.title })}
      />
      {failure !== null && <Notice tone="error">{failure}</Notice>}
      <div aria-busy={choosing !== null}>
        <ChoiceList
          label={t('recipient.list', { country })}
          value={quote.recipient?.id ?? null}
          onChoose={choose}
          emptyMessage={t('recipient.none')}
          choices={quote.recipients.map((recipient) => ({
            value: recipient.id,
            title: recipient.whole_name,
            icon: <CountryFlag iso2={recipient.channel.country.iso2_alpha} />,
            description: [
              recipient.account_detail.institution?.title,
              recipient.account_detail.account_number,
            ]
              .filter(Boolean)
              .join(' · '),
          }))}
        />
      </div>
      <div>
        <Button
          variant={empty ? 'filled' : 'default'}
          leftSection={<UserPlusIcon />}
          onClick={() => setAdding(true)}
        >
          {t('recipient.add')}
        </Button>
      </div>
      {adding && (
        <Suspense fallback={<Text role="status">{t('recipient.addLoading')}</Text>}>
          <AddRecipientDialog
            opened={adding}
            onClose={() => setAdding(false)}
            onSaved={saved}
            quoteId={quote.id}
            initialTarget={{
              countryId: quote.payout_country.id,
              currencyId: quote.payout_currency.id,
            }}
            initialMethod={quote.payout_method.id}
          />
        </Suspense>
      )}
    </Stack>
  );
}
