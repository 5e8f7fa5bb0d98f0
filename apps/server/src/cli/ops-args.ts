import { parseArgs } from 'node:util';
import { documentStatuses, documentStatusSchema } from '@corridor/contracts';
import type { OpsRequest } from './ops-protocol.ts';

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

Options:
  --as <name>  who is acting, recorded with customers:block/unblock (default:
               the CORRIDOR_OPERATOR environment variable; one of them is required)
  --json    print the answer as JSON
  --help    print this help

Statuses: ${documentStatuses.join(', ')}

Exit codes: 0 done; 1 refused (no such document or customer, not review-required, no reason,
already so), or
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

const withReason = new Set(['documents:reject', 'customers:block', 'customers:unblock']);
const recorded = new Set(['customers:block', 'customers:unblock']);

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
      options: {
        status: { type: 'string' },
        reason: { type: 'string' },
        as: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const [command, ...rest] = positionals;
  const json = values.json ?? false;
  if (command !== 'documents:list' && values.status !== undefined) {
    throw new UsageError('--status goes with documents:list.');
  }
  if (!withReason.has(command ?? '') && values.reason !== undefined) {
    throw new UsageError(
      '--reason goes with documents:reject, customers:block and customers:unblock.',
    );
  }
  if (!recorded.has(command ?? '') && values.as !== undefined) {
    throw new UsageError('--as goes with customers:block and customers:unblock.');
  }
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
      if (values.reason === undefined || values.reason.trim() === '') {
        throw new UsageError(`${command} needs --reason "…": it is recorded with the action.`);
      }
      const as = values.as?.trim() || operator?.trim();
      if (!as) {
        throw new UsageError(
          `${command} needs to know who is acting: give --as <name> or set CORRIDOR_OPERATOR.`,
        );
      }
      return { help: false, json, request: { command, id, reason: values.reason, operator: as } };
    }
    case undefined:
      throw new UsageError('Which command?');
    default:
      throw new UsageError(`Unknown command ${JSON.stringify(command)}.`);
  }
}
