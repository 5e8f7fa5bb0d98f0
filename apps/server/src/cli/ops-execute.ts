import type { OpsHandlers } from '../app/assembly.ts';
import { DecisionError } from '../modules/documents/index.ts';
import { OperatorActionError } from '../modules/operator-actions/index.ts';
import type { OperatorTransferAction } from '../modules/transfers/index.ts';
import {
  opsRequestSchema,
  type OpsRequest,
  type OpsResponse,
  type TransferActionCommand,
} from './ops-protocol.ts';

const ACTION_OF: Record<TransferActionCommand, OperatorTransferAction> = {
  'transfers:hold': 'hold',
  'transfers:release': 'release',
  'transfers:settle': 'settle',
  'transfers:fail': 'fail',
  'transfers:refund': 'refund',
};

/** Who decided, as `customer_documents.reviewed_by` records it. */
export const OPERATOR = 'operator';

function run(handlers: OpsHandlers, request: OpsRequest): Promise<unknown> {
  const { documents, ledger, customers, transfers, payments } = handlers;
  switch (request.command) {
    case 'documents:list':
      return documents.list(request.status ? { status: request.status } : {});
    case 'documents:show':
      return documents.show(request.id);
    case 'documents:approve':
      return documents.approve(request.id, OPERATOR);
    case 'documents:reject':
      return documents.reject(request.id, request.reason, OPERATOR);
    case 'ledger:check':
      return ledger.check();
    case 'customers:block':
    case 'customers:unblock': {
      const decision = { operator: request.operator, reason: request.reason };
      return request.command === 'customers:block'
        ? customers.blockCustomer(request.id, decision)
        : customers.unblockCustomer(request.id, decision);
    }
    case 'transfers:list':
      return transfers.list({
        ...(request.state ? { state: request.state } : {}),
        ...(request.customer ? { customer: request.customer } : {}),
      });
    case 'transfers:show':
      return transfers.show(request.id);
    case 'transfers:hold':
    case 'transfers:release':
    case 'transfers:settle':
    case 'transfers:fail':
    case 'transfers:refund': {
      const decision = { operator: request.operator, reason: request.reason };
      return transfers.act(ACTION_OF[request.command], request.id, decision);
    }
    case 'payments:list':
      return payments.list({
        ...(request.state ? { state: request.state } : {}),
        ...(request.transfer ? { transfer: request.transfer } : {}),
      });
    case 'payments:show':
      return payments.show(request.id);
    case 'payments:refund':
      return payments.refund(request.id, { operator: request.operator, reason: request.reason });
  }
}

/**
 * Runs one request. A refusal (unknown document, customer or transfer, wrong status or state, bad
 * reason) is answered with its
 * message; anything else is reported to `onError` (the log) and answered without details.
 */
export async function executeOpsRequest(
  handlers: OpsHandlers,
  input: unknown,
  onError: (error: unknown) => void,
): Promise<OpsResponse> {
  const parsed = opsRequestSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: { code: 'bad_request', message: 'Not an ops request.' } };
  }
  try {
    return { ok: true, result: await run(handlers, parsed.data) };
  } catch (error) {
    if (error instanceof DecisionError || error instanceof OperatorActionError) {
      return { ok: false, error: { code: error.code, message: error.message } };
    }
    onError(error);
    return {
      ok: false,
      error: { code: 'server_error', message: 'The command failed; the server log has details.' },
    };
  }
}
