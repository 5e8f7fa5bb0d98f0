import type {
  PayoutMethod,
  PayoutTarget,
  Recipient,
  RecipientBody,
  RecipientType,
} from '@corridor/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useReducer } from 'react';
import { countryName } from '@/features/countries';
import { commonMessages, useT } from '@/i18n';
import { ArrowLeftIcon } from '@/ui/icons';
import { useAddRecipient } from '../api/add-recipient';
import { usePayoutChannel } from '../api/get-payout-channel';
import { usePayoutMethods } from '../api/get-payout-methods';
import { usePayoutTargets } from '../api/get-payout-targets';
import { recipientsMessages } from '../messages';
import { RecipientForm } from './recipient-form';
import { StepHeading } from './step-heading';
import { StepLoading } from './wizard-step-parts';
import { MethodStep, TargetStep, TypeStep } from './wizard-steps';

export type WizardStep = 'target' | 'method' | 'type' | 'form';

export interface WizardState {
  step: WizardStep;
  /** The steps the customer saw, for Back; a skipped step is never gone back to. */
  history: WizardStep[];
  target: PayoutTarget | null;
  method: PayoutMethod | null;
  recipientType: RecipientType | null;
  /** The caller's target and method apply until the customer goes back. */
  useInitial: boolean;
}

export type WizardAction =
  | { kind: 'target'; target: PayoutTarget; shown: boolean }
  | { kind: 'method'; method: PayoutMethod; shown: boolean }
  | { kind: 'type'; recipientType: RecipientType; shown: boolean }
  | { kind: 'back' };

const seen = (state: WizardState, shown: boolean) =>
  shown ? [...state.history, state.step] : state.history;

/**
 * The add-recipient wizard as a state machine (the original's add_recipient_navigation_machine):
 * target → method → type → form, each choice moving on; a step chosen automatically is not
 * remembered, so Back skips it too.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.kind) {
    case 'target':
      return {
        ...state,
        step: 'method',
        history: seen(state, action.shown),
        target: action.target,
        method: null,
        recipientType: null,
      };
    case 'method':
      return {
        ...state,
        step: 'type',
        history: seen(state, action.shown),
        method: action.method,
        recipientType: null,
      };
    case 'type':
      return {
        ...state,
        step: 'form',
        history: seen(state, action.shown),
        recipientType: action.recipientType,
      };
    case 'back': {
      const previous = state.history.at(-1);
      if (previous === undefined) return state;
      return { ...state, step: previous, history: state.history.slice(0, -1), useInitial: false };
    }
  }
}

export const initialWizardState: WizardState = {
  step: 'target',
  history: [],
  target: null,
  method: null,
  recipientType: null,
  useInitial: true,
};

export interface AddRecipientWizardProps {
  /** Start from this target (the transfer wizard's quote): its step is skipped if served. */
  initialTarget?: { countryId: string; currencyId: string };
  /** Start from this payout method (its id) of the target. */
  initialMethod?: string;
  /** Attach the new recipient to this saved quote. */
  quoteId?: string;
  onSaved: (recipient: Recipient) => void;
  /** The level of each step's heading: 3 inside a dialog (whose title is the 2). */
  headingOrder?: 2 | 3;
}

/**
 * Adds a recipient (docs/product/routes-and-screens.md#recipients): where they are, how they receive the money, a
 * person or a business, then the form the server defines for that channel. A step with one
 * option, or the option the caller gave, is skipped; so is the type when the channel fixes it.
 */
export function AddRecipientWizard({
  initialTarget,
  initialMethod,
  quoteId,
  onSaved,
  headingOrder = 2,
}: AddRecipientWizardProps) {
  const t = useT(recipientsMessages);
  const common = useT(commonMessages);
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const addRecipient = useAddRecipient();
  const { target, method, recipientType } = state;
  const targets = usePayoutTargets();
  const methods = usePayoutMethods(
    target === null ? null : { countryId: target.country.id, currencyId: target.currency.id },
  );
  const channel = usePayoutChannel(
    target === null || method === null
      ? null
      : { countryId: target.country.id, currencyId: target.currency.id, methodId: method.id },
  );

  let content;
  if (state.step === 'target' || target === null) {
    content = (
      <TargetStep
        headingOrder={headingOrder}
        targets={targets}
        initial={state.useInitial ? (initialTarget ?? null) : null}
        chosen={target}
        onChoose={(next, shown) => dispatch({ kind: 'target', target: next, shown })}
      />
    );
  } else if (state.step === 'method' || method === null) {
    content = (
      <MethodStep
        headingOrder={headingOrder}
        target={target}
        methods={methods}
        initial={state.useInitial ? (initialMethod ?? null) : null}
        chosen={method}
        onChoose={(next, shown) => dispatch({ kind: 'method', method: next, shown })}
      />
    );
  } else if (state.step === 'type' || recipientType === null) {
    content = (
      <TypeStep
        headingOrder={headingOrder}
        channel={channel}
        chosen={recipientType}
        onChoose={(next, shown) => dispatch({ kind: 'type', recipientType: next, shown })}
      />
    );
  } else if (channel.data === undefined) {
    content = <StepLoading label={t('wizard.form.loading')} />;
  } else {
    const form = channel.data;
    content = (
      <Stack gap="md">
        <StepHeading
          order={headingOrder}
          title={t('wizard.form.title')}
          description={t('wizard.form.description', {
            currency: target.currency.code,
            country: countryName(target.country, t.locale),
            method: method.title,
          })}
        />
        <RecipientForm
          // A new form for a new channel or type: nothing typed for another one carries over.
          key={`${form.id}:${recipientType}`}
          channel={form}
          country={target.country}
          recipientType={recipientType}
          submitLabel={t('form.save')}
          save={(body: RecipientBody) => addRecipient({ channelId: form.id, quoteId, body })}
          onSaved={onSaved}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {state.history.length > 0 && (
        <Group>
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<ArrowLeftIcon />}
            onClick={() => dispatch({ kind: 'back' })}
          >
            {common('action.back')}
          </Button>
        </Group>
      )}
      {content}
    </Stack>
  );
}
