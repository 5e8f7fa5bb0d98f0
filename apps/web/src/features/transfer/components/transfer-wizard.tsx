import type { Customer, SavedQuote } from '@corridor/contracts';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '@/i18n';
import { isQuoteSnapshot } from '../lib/quote-diff';
import { routeOfRefusal, type OwedCategory, type Refusal } from '../lib/refusal';
import { nextOpenStep } from '../lib/wizard-steps';
import { transferMessages } from '../messages';
import { QuoteSummary } from './quote-summary';
import { RateLock } from './rate-lock';
import { RefusalNotice } from './refusal-notice';
import { RequoteDiff } from './requote-diff';
import { ReviewStep } from './review-step';
import { StepRail } from './step-rail';
import { useConfirm } from './use-confirm';
import { useDraft } from './use-draft';
import { useRequote } from './use-requote';
import { useTransferSteps } from './use-transfer-steps';
import './transfer.css';

// The address form (its masks) is needed only when an address is owed: loaded then. So are
// the recipient and verification steps when the wizard opens elsewhere: a saved quote usually
// has its recipient and a verified customer owes nothing, so it opens on the review step.
const AddressStep = lazy(() =>
  import('./address-step').then((module) => ({ default: module.AddressStep })),
);
const RecipientStep = lazy(() =>
  import('./recipient-step').then((module) => ({ default: module.RecipientStep })),
);
const VerificationStep = lazy(() =>
  import('./verification-step').then((module) => ({ default: module.VerificationStep })),
);

export interface TransferWizardProps {
  quote: SavedQuote;
  customer: Customer;
  /** The quote as the server now answers it (a recipient chosen). */
  onQuote: (quote: SavedQuote) => void;
  /** Asks the quote again (back from verification); resolves with it. */
  reload: () => Promise<SavedQuote | undefined>;
}

/**
 * The transfer wizard (docs/product/routes-and-screens.md#transfer-wizard): the rail, one step,
 * the quote beside; the rate lock over every step; each refusal of confirm opens the step that
 * clears it, with the server's message above it.
 */
export function TransferWizard({ quote, customer, onQuote, reload }: TransferWizardProps) {
  const t = useT(transferMessages);
  const location = useLocation();
  const requotedFrom: unknown = (location.state as { requotedFrom?: unknown } | null)?.requotedFrom;
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [owedByRefusal, setOwedByRefusal] = useState<OwedCategory[] | null>(null);
  const [addressByRefusal, setAddressByRefusal] = useState(false);
  const [expired, setExpired] = useState(quote.is_expired);
  const [checking, setChecking] = useState(false);
  const owed = owedByRefusal ?? quote.pending_documents;
  const facts = {
    hasRecipient: quote.recipient !== null,
    addressOwed: customer.is_address_information_required || addressByRefusal,
    documentsOwed: owed.length > 0,
  };
  const steps = useTransferSteps(facts);
  const { draft, change, restored } = useDraft(quote);
  const requote = useRequote(quote, draft);

  const refused = (next: Refusal) => {
    setRefusal(next);
    switch (routeOfRefusal(next.type)) {
      case 'address':
        setAddressByRefusal(true);
        return steps.show('address');
      case 'recipient':
        return steps.show('recipient');
      case 'verification':
        setOwedByRefusal(next.pendingDocuments);
        return steps.show('verification');
      case 'requote':
        return setExpired(true);
      default:
        return undefined;
    }
  };
  const confirm = useConfirm(quote, refused, t('confirm.failed'));

  const moveOn = () => {
    setRefusal(null);
    steps.proceed();
  };

  const checkDocuments = () => {
    setChecking(true);
    void reload().then((fresh) => {
      setChecking(false);
      if (fresh === undefined || fresh.pending_documents.length > 0) return;
      setOwedByRefusal(null);
      setRefusal(null);
      steps.show(nextOpenStep({ ...facts, documentsOwed: false }, 'review'));
    });
  };

  const confirmAgain = () => {
    setRefusal(null);
    steps.show('review');
    confirm.sendAgain();
  };

  let step;
  switch (steps.current) {
    case 'recipient':
      step = (
        <Suspense fallback={<p role="status">{t('wizard.loading')}</p>}>
          <RecipientStep
            quote={quote}
            onChosen={(next) => {
              onQuote(next);
              moveOn();
            }}
          />
        </Suspense>
      );
      break;
    case 'address':
      step = (
        <Suspense fallback={<p role="status">{t('address.loading')}</p>}>
          <AddressStep
            customer={customer}
            onSaved={() => {
              setAddressByRefusal(false);
              moveOn();
            }}
          />
        </Suspense>
      );
      break;
    case 'verification':
      step = (
        <Suspense fallback={<p role="status">{t('wizard.loading')}</p>}>
          <VerificationStep
            quoteId={quote.id}
            owed={owed}
            onCheck={checkDocuments}
            checking={checking}
          />
        </Suspense>
      );
      break;
    case 'review':
      step = (
        <ReviewStep
          quote={quote}
          draft={draft}
          onDraftChange={change}
          restored={restored}
          confirm={confirm}
          expired={expired}
          onChangeRecipient={() => steps.show('recipient')}
        />
      );
      break;
  }

  return (
    <div className="transfer-wizard">
      <StepRail steps={steps.steps} current={steps.current} onShow={steps.show} />
      <section className="transfer-wizard__step" aria-label={t('wizard.stepRegion')}>
        <RateLock
          expiresAt={quote.expires_at}
          expired={expired}
          onExpired={() => setExpired(true)}
          onRequote={requote.run}
          requoting={requote.busy}
          requoteFailure={requote.failure}
        />
        {isQuoteSnapshot(requotedFrom) && <RequoteDiff before={requotedFrom} quote={quote} />}
        {refusal !== null && (
          <RefusalNotice refusal={refusal} quoteId={quote.id} onConfirmAgain={confirmAgain} />
        )}
        {step}
      </section>
      <QuoteSummary quote={quote} />
    </div>
  );
}
