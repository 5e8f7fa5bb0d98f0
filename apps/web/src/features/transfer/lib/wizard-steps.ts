/**
 * The transfer wizard's steps (docs/product/routes-and-screens.md#transfer-wizard): the recipient, the address and verification only when owed, then review and confirm.
 */
export const stepOrder = ['recipient', 'address', 'verification', 'review'] as const;
export type StepName = (typeof stepOrder)[number];

/** What decides which steps the wizard shows and which one is open. */
export interface StepFacts {
  hasRecipient: boolean;
  addressOwed: boolean;
  documentsOwed: boolean;
}

/** Whether a step still has something for the customer to do. */
export function isStepOwed(step: StepName, facts: StepFacts): boolean {
  switch (step) {
    case 'recipient':
      return !facts.hasRecipient;
    case 'address':
      return facts.addressOwed;
    case 'verification':
      return facts.documentsOwed;
    case 'review':
      return true;
  }
}

/**
 * The steps on the rail: the recipient and review always; address and verification while owed,
 * or once shown (`seen`), so a step cleared does not vanish from under the customer.
 */
export function railSteps(facts: StepFacts, seen: ReadonlySet<StepName>): StepName[] {
  return stepOrder.filter(
    (step) =>
      step === 'recipient' || step === 'review' || seen.has(step) || isStepOwed(step, facts),
  );
}

/** The first step with something to do, from `from` on (the furthest step is review). */
export function nextOpenStep(facts: StepFacts, from: StepName = 'recipient'): StepName {
  const start = stepOrder.indexOf(from);
  return stepOrder.slice(start).find((step) => isStepOwed(step, facts)) ?? 'review';
}
