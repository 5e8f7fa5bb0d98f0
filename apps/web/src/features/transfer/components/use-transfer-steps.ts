import { useCallback, useState } from 'react';
import {
  nextOpenStep,
  railSteps,
  stepOrder,
  type StepFacts,
  type StepName,
} from '../lib/wizard-steps';

export interface TransferSteps {
  /** The rail, in order. */
  steps: StepName[];
  current: StepName;
  /** Opens a step (a refusal's, or a done one chosen on the rail). */
  show: (step: StepName) => void;
  /** On to the next step with something to do. */
  proceed: () => void;
}

/**
 * The wizard's step machine (docs/product/routes-and-screens.md#transfer-wizard): it opens on the first step with
 * something to do, moves on past steps with nothing left, and goes to any step a refusal names.
 * `facts` are read as they are now, so a saved address or a chosen recipient counts at once.
 */
export function useTransferSteps(facts: StepFacts): TransferSteps {
  const [current, setCurrent] = useState<StepName>(() => nextOpenStep(facts));
  const [seen, setSeen] = useState<ReadonlySet<StepName>>(() => new Set([current]));

  const show = useCallback((step: StepName) => {
    setSeen((before) => (before.has(step) ? before : new Set([...before, step])));
    setCurrent(step);
  }, []);

  const proceed = () => {
    const after = stepOrder[stepOrder.indexOf(current) + 1];
    show(after === undefined ? 'review' : nextOpenStep(facts, after));
  };

  return { steps: railSteps(facts, new Set([...seen, current])), current, show, proceed };
}
