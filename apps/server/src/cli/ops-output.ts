import type { DocumentDetail, DocumentSummary } from '../modules/documents/index.ts';
import type { LedgerViolation } from '../modules/ledger/index.ts';
import type {
  CustomerBlockResult,
  TransferActionResult,
} from '../modules/operator-actions/index.ts';
import type {
  OperatorTransferDetail,
  OperatorTransferSummary,
} from '../modules/transfers/index.ts';
import type { OpsRequest } from './ops-protocol.ts';
import { paymentsText } from './ops-payments-output.ts';
import { table } from './ops-table.ts';
import {
  transferActionText,
  transferDetailText,
  transferListText,
} from './ops-transfers-output.ts';

/** What the ops CLI prints: plain text for a person (`--json` prints the answer itself). */

function listText(documents: readonly DocumentSummary[]): string {
  if (documents.length === 0) return 'No documents.';
  return table([
    ['ID', 'STATUS', 'CATEGORY', 'TYPE', 'PAGES', 'CUSTOMER', 'HANDED IN'],
    ...documents.map((document) => [
      document.id,
      document.status,
      document.category_code,
      document.type_code,
      String(document.pages),
      document.email,
      document.created_at,
    ]),
  ]);
}

const person = (details: DocumentDetail['profile']) =>
  [
    [details.name, details.secondName, details.thirdName].filter(Boolean).join(' ') || '(no name)',
    details.birthDate ? `born ${details.birthDate}` : '(no date of birth)',
  ].join(', ');

function detailText(document: DocumentDetail): string {
  const lines: [string, string][] = [
    ['Document', document.id],
    ['Status', document.status],
    ['Category', document.category_code],
    ['Type', document.type_code],
    ['Customer', `${document.email} (${document.customer_id})`],
    ['Profile', person(document.profile)],
    ['Handed in', document.created_at],
    ['Updated', document.updated_at],
  ];
  if (document.reviewed_at) {
    lines.push(['Reviewed', `${document.reviewed_at} by ${document.reviewed_by ?? '?'}`]);
  }
  if (document.rejection_reason) lines.push(['Reason', document.rejection_reason]);
  if (document.read_from_id) lines.push(['Read from the ID', person(document.read_from_id)]);
  const files = document.files.map((file) => {
    const size =
      file.width !== null && file.height !== null
        ? `, ${file.width} × ${file.height} px`
        : file.pdf_pages !== null
          ? `, ${file.pdf_pages} PDF pages`
          : '';
    return `  ${file.number}. ${JSON.stringify(file.file_name)} ${file.content_type}, ${file.size_bytes} bytes${size}`;
  });
  return [
    ...lines.map(([label, value]) => `${`${label}:`.padEnd(18)}${value}`),
    'Files:',
    ...files,
  ].join('\n');
}

function violationText(violation: LedgerViolation): string {
  switch (violation.rule) {
    case 'entry-unbalanced':
      return `entry ${violation.entry_id} does not sum to zero in ${violation.currency} (debits − credits = ${violation.difference})`;
    case 'sign-rule':
      return `${violation.account} is below zero (available ${violation.available})`;
    case 'transit-not-zero':
      return `${violation.account}: transfer ${violation.transaction_id} is finished but its transit account holds ${violation.balance}`;
    case 'safeguarding-short':
      return `${violation.currency}: safeguarding holds ${violation.held}, customers are owed and in transit ${violation.owed} (minor units)`;
    case 'kept-balance-differs': {
      const columns = (sums: typeof violation.kept) =>
        Object.entries(sums)
          .map(([column, amount]) => `${column} ${amount}`)
          .join(', ');
      return `${violation.account} keeps ${columns(violation.kept)} but its postings sum to ${columns(violation.summed)}`;
    }
  }
}

function ledgerText(violations: readonly LedgerViolation[]): string {
  if (violations.length === 0) return 'The ledger holds: no violations.';
  return [
    `The ledger is broken: ${violations.length} violation${violations.length === 1 ? '' : 's'}.`,
    ...violations.map((violation) => `  [${violation.rule}] ${violationText(violation)}`),
  ].join('\n');
}

/** Whether the answer, though given, is a failure the exit code must report (violations). */
export function opsFound(request: OpsRequest, result: unknown): boolean {
  return request.command === 'ledger:check' && (result as LedgerViolation[]).length > 0;
}

/** The answer to `request` as a person reads it. */
export function opsText(request: OpsRequest, result: unknown): string {
  switch (request.command) {
    case 'documents:list':
      return listText(result as DocumentSummary[]);
    case 'documents:show':
      return detailText(result as DocumentDetail);
    case 'documents:approve':
      return `Approved.\n\n${detailText(result as DocumentDetail)}`;
    case 'documents:reject':
      return `Rejected.\n\n${detailText(result as DocumentDetail)}`;
    case 'ledger:check':
      return ledgerText(result as LedgerViolation[]);
    case 'customers:block':
    case 'customers:unblock': {
      const done = result as CustomerBlockResult;
      const what = done.is_blocked_for_sending ? 'Blocked from sending' : 'Allowed to send again';
      return `${what}: customer ${done.customer_id}, by ${done.operator}, because ${JSON.stringify(done.reason)}.`;
    }
    case 'transfers:list':
      return transferListText(result as OperatorTransferSummary[]);
    case 'transfers:show':
      return transferDetailText(result as OperatorTransferDetail);
    case 'transfers:hold':
    case 'transfers:release':
    case 'transfers:settle':
    case 'transfers:fail':
    case 'transfers:refund':
      return transferActionText(result as TransferActionResult);
    case 'payments:list':
    case 'payments:show':
    case 'payments:refund':
      return paymentsText(request.command, result);
  }
}
