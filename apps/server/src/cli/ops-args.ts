import { parseArgs } from 'node:util';
import {
  documentStatuses,
  documentStatusSchema,
  paymentStateCodes,
  paymentStateCodeSchema,
  transactionStateCodes,
  transactionStateCodeSchema,
} from '@corridor/contracts';
import { transferActionCommands, type OpsRequest } from './ops-protocol.ts';

/** How `npm run ops` is called (docs/decisions/0023-identity-documents-review.md). */
export const OPS_USAGE = `Usage: npm run ops -- <command> [options]

Commands:
  documents:list [--status <status>]      documents, newest first (at most 200)
  documents:show <id>                     one document, its files and the customer's details
  documents:approve <id>                  approve a review-required document
  documents:reject <id> --reason "…"      reject a review-required document; the customer
                                          reads the reason as written, and is emailed it
  ledger:check                            prove the ledger's invariants; lists every violation
  customers:block <id> --reason "…"       stop a customer sending money (quotes and confirming
                                          refuse); recorded with who and why
  customers:unblock <id> --reason "…"     let a blocked customer send again; recorded likewise
  transfers:list [--state <state>] [--customer <id>]
                                          transfers, newest first (at most 200)
  transfers:show <id|number>              one transfer: amounts, payment, payout, timeline and
                                          what operators did to it
  transfers:hold <id> --reason "…"        put a transfer not yet sent for payout ON-HOLD
  transfers:release <id> --reason "…"     release an ON-HOLD transfer to the state it left
  transfers:settle <id> --reason "…"      settle its bank transfer: we have the customer's money
  transfers:fail <id> --reason "…"        the partner could not pay: PAYOUT-FAILED, then refund
  transfers:refund <id> --reason "…"      cancel a transfer not yet sent for payout and refund
                                          what was paid
                                          (each transfers action is recorded with who and why)
  payments:list [--state <payment state>] [--transfer <id|number>]
                                          payments, newest first (at most 200), with what was
                                          refunded of each
  payments:show <id|reference>            one payment: its refunds, the provider's events, what
                                          the provider was told, what operators did to it
  payments:refund <id|reference> --reason "…"
                                          refund a captured payment in full: its transfer, not
                                          yet sent for payout, cancelled; recorded with who and why

Options:
  --as <name>  who is acting, recorded with customers:*, transfers:* and payments:refund (default:
               the CORRIDOR_OPERATOR environment variable; one of them is required)
  --json    print the answer as JSON
  --help    print this help

Statuses: ${documentStatuses.join(', ')}
States: ${transactionStateCodes.join(', ')}
Payment states: ${paymentStateCodes.join(', ')}

Exit codes: 0 done; 1 refused (no such document, customer or transfer, not review-required, no
reason, already so, a change the transfer's state does not allow), or
ledger:check found violations; 2 wrong usage; 3 the data could not be reached or the command
failed.`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type ParsedOps = { help: true } | { help: false; request: OpsRequest; json: boolean };

function onlyId(command: string, positionals: string[], what = 'document'): string {
  const [id, ...rest] = positionals;
  if (id === undefined) throw new UsageError(`${command} needs a ${what} id.`);
  if (rest.length > 0) throw new UsageError(`${command} takes one ${what} id.`);
  return id;
}

const recorded = new Set<string>([
  'customers:block',
  'customers:unblock',
  ...transferActionCommands,
  'payments:refund',
]);
const withReason = new Set<string>(['documents:reject', ...recorded]);
const isTransferAction = (command: string): command is (typeof transferActionCommands)[number] =>
  (transferActionCommands as readonly string[]).includes(command);

/** Who acts: `--as`, else CORRIDOR_OPERATOR; and why. Both required, both recorded. */
function decisionOf(
  command: string,
  values: { reason?: string | undefined; as?: string | undefined },
  operator: string | undefined,
): { reason: string; operator: string } {
  if (values.reason === undefined || values.reason.trim() === '') {
    throw new UsageError(`${command} needs --reason "…": it is recorded with the action.`);
  }
  const as = values.as?.trim() || operator?.trim();
  if (!as) {
    throw new UsageError(
      `${command} needs to know who is acting: give --as <name> or set CORRIDOR_OPERATOR.`,
    );
  }
  return { reason: values.reason, operator: as };
}

/** Each option is refused with a command it does not go with. */
function checkOptionsFit(
  command: string,
  values: {
    status?: string;
    state?: string;
    customer?: string;
    transfer?: string;
    reason?: string;
    as?: string;
  },
): void {
  if (command !== 'documents:list' && values.status !== undefined) {
    throw new UsageError('--status goes with documents:list.');
  }
  if (command !== 'transfers:list' && values.customer !== undefined) {
    throw new UsageError('--state and --customer go with transfers:list.');
  }
  if (command !== 'transfers:list' && command !== 'payments:list' && values.state !== undefined) {
    throw new UsageError('--state goes with transfers:list and payments:list.');
  }
  if (command !== 'payments:list' && values.transfer !== undefined) {
    throw new UsageError('--transfer goes with payments:list.');
  }
  if (!withReason.has(command) && values.reason !== undefined) {
    throw new UsageError(
      '--reason goes with documents:reject, payments:refund and the customers:* and transfers:* actions.',
    );
  }
  if (!recorded.has(command) && values.as !== undefined) {
    throw new UsageError(
      '--as goes with payments:refund and the customers:* and transfers:* actions.',
    );
  }
}

/** `transfers:list [--state <code>] [--customer <id>]`. */
function transfersListRequest(values: { state?: string; customer?: string }): OpsRequest {
  const state =
    values.state === undefined ? undefined : transactionStateCodeSchema.safeParse(values.state);
  if (state && !state.success) {
    throw new UsageError(`--state must be one of ${transactionStateCodes.join(', ')}.`);
  }
  return {
    command: 'transfers:list',
    ...(state ? { state: state.data } : {}),
    ...(values.customer === undefined ? {} : { customer: values.customer }),
  };
}

/** `payments:list [--state <payment state>] [--transfer <id|number>]`. */
function paymentsListRequest(values: { state?: string; transfer?: string }): OpsRequest {
  const state =
    values.state === undefined ? undefined : paymentStateCodeSchema.safeParse(values.state);
  if (state && !state.success) {
    throw new UsageError(`--state must be one of ${paymentStateCodes.join(', ')}.`);
  }
  return {
    command: 'payments:list',
    ...(state ? { state: state.data } : {}),
    ...(values.transfer === undefined ? {} : { transfer: values.transfer }),
  };
}

/** `payments:list`, `payments:show <id>`, `payments:refund <id> --reason "…"`. */
function paymentsRequest(
  command: 'payments:list' | 'payments:show' | 'payments:refund',
  rest: string[],
  values: { state?: string; transfer?: string; reason?: string; as?: string },
  operator: string | undefined,
): OpsRequest {
  switch (command) {
    case 'payments:list':
      if (rest.length > 0) throw new UsageError('payments:list takes no id.');
      return paymentsListRequest(values);
    case 'payments:show':
      return { command, id: onlyId(command, rest, 'payment') };
    case 'payments:refund':
      return {
        command,
        id: onlyId(command, rest, 'payment'),
        ...decisionOf(command, values, operator),
      };
  }
}

/** Every option of every command (checkOptionsFit keeps each to its commands). */
const OPTIONS = {
  status: { type: 'string' },
  state: { type: 'string' },
  customer: { type: 'string' },
  transfer: { type: 'string' },
  reason: { type: 'string' },
  as: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/**
 * The command line, checked; UsageError says what is wrong. `operator` is who acts when `--as`
 * is not given (CORRIDOR_OPERATOR, from the configuration).
 */
export function parseOpsArgs(argv: readonly string[], operator?: string): ParsedOps {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const [command, ...rest] = positionals;
  const json = values.json ?? false;
  checkOptionsFit(command ?? '', values);
  switch (command) {
    case 'documents:list': {
      if (rest.length > 0) throw new UsageError('documents:list takes no id.');
      if (values.status === undefined) return { help: false, json, request: { command } };
      const status = documentStatusSchema.safeParse(values.status);
      if (!status.success) {
        throw new UsageError(`--status must be one of ${documentStatuses.join(', ')}.`);
      }
      return { help: false, json, request: { command, status: status.data } };
    }
    case 'documents:show':
    case 'documents:approve':
      return { help: false, json, request: { command, id: onlyId(command, rest) } };
    case 'documents:reject': {
      const id = onlyId(command, rest);
      if (values.reason === undefined) {
        throw new UsageError('documents:reject needs --reason "…": the customer reads it.');
      }
      return { help: false, json, request: { command, id, reason: values.reason } };
    }
    case 'ledger:check':
      if (rest.length > 0) throw new UsageError('ledger:check takes no arguments.');
      return { help: false, json, request: { command } };
    case 'customers:block':
    case 'customers:unblock': {
      const id = onlyId(command, rest, 'customer');
      return {
        help: false,
        json,
        request: { command, id, ...decisionOf(command, values, operator) },
      };
    }
    case 'transfers:list':
      if (rest.length > 0) throw new UsageError('transfers:list takes no id.');
      return { help: false, json, request: transfersListRequest(values) };
    case 'transfers:show':
      return { help: false, json, request: { command, id: onlyId(command, rest, 'transfer') } };
    case 'payments:list':
    case 'payments:show':
    case 'payments:refund':
      return { help: false, json, request: paymentsRequest(command, rest, values, operator) };
    case undefined:
      throw new UsageError('Which command?');
    default: {
      if (!isTransferAction(command)) {
        throw new UsageError(`Unknown command ${JSON.stringify(command)}.`);
      }
      const id = onlyId(command, rest, 'transfer');
      return {
        help: false,
        json,
        request: { command, id, ...decisionOf(command, values, operator) },
      };
    }
  }
}
