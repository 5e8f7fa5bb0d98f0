import type {
  PayoutMethod,
  PayoutTarget,
  Recipient,
  RecipientBody,
  RecipientType,
} from '@corridor/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useReducer, useState, type Dispatch } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { countryName } from '@/features/countries';
import { commonMessages, useT } from '@/i18n';
import { ArrowLeftIcon } from '@/ui/icons';
import { useAddRecipient } from '../api/add-recipient';
import { usePayoutChannel } from '../api/get-payout-channel';
import { usePayoutMethods } from '../api/get-payout-methods';
import { usePayoutTargets } from '../api/get-payout-targets';
import { recipientsMessages } from '../messages';
import { RecipientForm, type RecipientDraft } from './recipient-form';
import { StepHeading } from './step-heading';
import { StepLoading } from './wizard-step-parts';
import { MethodStep, TargetStep, TypeStep } from './wizard-steps';

export type WizardStep = 'target' | 'method' | 'type' | 'form';

export interface WizardState {
  step: WizardStep;
  /** The steps the customer saw, for Back; a skipped step is never gone back to. */
  history: WizardStep[];
  /** The steps gone back from, nearest first, for the browser's Forward. */
  ahead: WizardStep[];
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
  /** The browser's history moved to the entry of this many steps seen (Back or Forward). */
  | { kind: 'go'; depth: number };

/** A shown step is remembered for Back, and a new choice ends what Forward could return to. */
const seen = (state: WizardState, shown: boolean) =>
  shown ? { history: [...state.history, state.step], ahead: [] } : {};

/** The state at `depth` steps seen: back through the history, or forward again. */
function goTo(state: WizardState, depth: number): WizardState {
  const at = state.history.length;
  if (depth < at && depth >= 0) {
    const steps = [...state.history, state.step];
    return {
      ...state,
      step: steps[depth] ?? state.step,
      history: steps.slice(0, depth),
      ahead: [...steps.slice(depth + 1), ...state.ahead],
      useInitial: false,
    };
  }
  const forward = depth - at;
  const next = state.ahead[forward - 1];
  if (forward <= 0 || next === undefined) return state;
  return {
    ...state,
    step: next,
    history: [...state.history, state.step, ...state.ahead.slice(0, forward - 1)],
    ahead: state.ahead.slice(forward),
  };
}

/**
 * The add-recipient wizard as a state machine (the original's add_recipient_navigation_machine):
 * target → method → type → form, each choice moving on; a step chosen automatically is not
 * remembered, so Back skips it too. Each step shown is an entry of the browser's history
 * (`useWizardHistory`), so the browser's Back and Forward move through the steps.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.kind) {
    case 'target':
      return {
        ...state,
        step: 'method',
        ...seen(state, action.shown),
        target: action.target,
        method: null,
        recipientType: null,
      };
    case 'method':
      return {
        ...state,
        step: 'type',
        ...seen(state, action.shown),
        method: action.method,
        recipientType: null,
      };
    case 'type':
      return {
        ...state,
        step: 'form',
        ...seen(state, action.shown),
        recipientType: action.recipientType,
      };
    case 'go':
      return goTo(state, action.depth);
  }
}

/** Where the wizard keeps, in a history entry's state, how many of its steps it is past. */
const DEPTH_KEY = 'addRecipientStep';

/** The wizard's steps an entry of the browser's history is past its first (0 for another). */
export function wizardDepth(state: unknown): number {
  if (typeof state !== 'object' || state === null || !(DEPTH_KEY in state)) return 0;
  const depth = state[DEPTH_KEY];
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

/**
 * The wizard's steps in the browser's history (issue 28): a step the customer is shown is a
 * new entry of the same page, so the browser's Back (a phone's back gesture) goes one step
 * back instead of leaving the page and what was typed, and Forward comes again. The entry
 * says how many steps were seen; the wizard follows it. Answers how to choose and to go back.
 */
function useWizardHistory(state: WizardState, dispatch: Dispatch<WizardAction>) {
  const location = useLocation();
  const navigate = useNavigate();
  // An entry left by an earlier wizard on this page counts from where this one opened.
  const [base] = useState(() => wizardDepth(location.state));
  const depth = wizardDepth(location.state) - base;
  useEffect(() => {
    dispatch({ kind: 'go', depth });
  }, [depth, dispatch]);
  const choose = (action: Exclude<WizardAction, { kind: 'go' }>) => {
    dispatch(action);
    if (!action.shown) return;
    const current: object =
      typeof location.state === 'object' && location.state !== null ? location.state : {};
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { ...current, [DEPTH_KEY]: base + state.history.length + 1 } },
    );
  };
  return { choose, back: () => void navigate(-1) };
}

export const initialWizardState: WizardState = {
  step: 'target',
  history: [],
  ahead: [],
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
  const { choose, back } = useWizardHistory(state, dispatch);
  // What was typed in each form (by channel and type), kept while the customer goes back.
  const [drafts] = useState(() => new Map<string, RecipientDraft>());
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
        onChoose={(next, shown) => choose({ kind: 'target', target: next, shown })}
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
        onChoose={(next, shown) => choose({ kind: 'method', method: next, shown })}
      />
    );
  } else if (state.step === 'type' || recipientType === null) {
    content = (
      <TypeStep
        headingOrder={headingOrder}
        channel={channel}
        chosen={recipientType}
        onChoose={(next, shown) => choose({ kind: 'type', recipientType: next, shown })}
      />
    );
  } else if (channel.data === undefined) {
    content = <StepLoading label={t('wizard.form.loading')} />;
  } else {
    const form = channel.data;
    const draftKey = `${form.id}:${recipientType}`;
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
          // A new form for a new channel or type: nothing typed for another one carries over;
          // the same one again (Back, then Forward) starts from what was typed in it.
          key={draftKey}
          channel={form}
          draft={drafts.get(draftKey)}
          onDraftChange={(draft) => drafts.set(draftKey, draft)}
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
          <Button variant="subtle" size="compact-md" leftSection={<ArrowLeftIcon />} onClick={back}>
            {common('action.back')}
          </Button>
        </Group>
      )}
      {content}
    </Stack>
  );
}
