import type {
  Locale,
  TimelineEntry,
  TransactionHold,
  TransactionState,
  TransactionStateCode,
} from '@corridor/contracts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import { stableId } from '../../lib/stable-id.ts';
import { TRANSACTION_STATES, type HoldRecord, type StateRecord } from './transaction-states.ts';
import { timelineOf } from './transaction-timeline.ts';

/**
 * A transfer's state, hold and timeline as the wire sends them, in the request's language
 * (docs/product/sending-money.md#transaction-states); the machine itself is transaction-states.ts.
 */

/** The catalogue keys of a state's label and description. */
export const stateTextKeys = (
  code: TransactionStateCode,
): { label: PlainTextKey; description: PlainTextKey } => ({
  label: `transfers.state.${code}.label`,
  description: `transfers.state.${code}.description`,
});

/** A state as the wire sends it, in `locale`; its id is stable across installations. */
export function stateResource(code: TransactionStateCode, locale: Locale): TransactionState {
  const keys = stateTextKeys(code);
  return {
    id: stableId('transaction-state', code),
    code,
    label: translate(apiText(keys.label), locale),
    description: translate(apiText(keys.description), locale),
    progress: TRANSACTION_STATES[code].progress,
    color_scheme: TRANSACTION_STATES[code].color,
  };
}

/** A hold as the wire sends it, in `locale`. */
export function holdResource(hold: HoldRecord, locale: Locale): TransactionHold {
  return {
    reason: {
      code: hold.reason,
      text: translate(apiText(`transfers.hold.reason.${hold.reason}`), locale),
    },
    action: {
      code: hold.action,
      text: translate(apiText(`transfers.hold.action.${hold.action}`), locale),
    },
  };
}

/** `timeline[]` as the wire sends it. */
export function timelineResource(history: readonly StateRecord[], locale: Locale): TimelineEntry[] {
  return timelineOf(history).map((step) => ({
    state: stateResource(step.state, locale),
    created_at: step.at === null ? null : step.at.toISOString(),
  }));
}
