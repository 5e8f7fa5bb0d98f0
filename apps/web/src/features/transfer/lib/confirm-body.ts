import type { ConfirmQuoteBody, PaymentDataRequirement } from '@corridor/contracts';
import type { TransferDraft } from './transfer-draft';

/** What the review says when something is missing, in the customer's language. */
export interface MissingMessages {
  purpose: string;
  method: string;
  declaration: string;
  detail: (label: string) => string;
}

export type ConfirmCheck =
  { ok: true; body: ConfirmQuoteBody } | { ok: false; errors: Record<string, string> };

/**
 * The confirm body from the draft, or what is missing, each under its field: every problem at
 * once (docs/product/web-app.md#forms-and-validation); the server checks all of it again.
 */
export function confirmBodyOf(
  draft: TransferDraft,
  requirements: readonly PaymentDataRequirement[],
  say: MissingMessages,
): ConfirmCheck {
  const errors: Record<string, string> = {};
  if (draft.purposeId === null) errors.purpose = say.purpose;
  if (draft.paymentMethodId === null) errors.method = say.method;
  if (!draft.declarationAccepted) errors.declaration = say.declaration;
  const paymentData: Record<string, string> = {};
  for (const requirement of requirements) {
    const value = (draft.paymentData[requirement.attribute] ?? requirement.value ?? '').trim();
    if (value === '' && requirement.is_required) {
      errors[`payment_data.${requirement.attribute}`] = say.detail(requirement.label);
    }
    paymentData[requirement.attribute] = value;
  }
  if (draft.purposeId === null || draft.paymentMethodId === null || !draft.declarationAccepted) {
    return { ok: false, errors };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      purpose_id: draft.purposeId,
      payment_method_id: draft.paymentMethodId,
      payment_data: paymentData,
      third_party_declaration_accepted: true,
    },
  };
}
