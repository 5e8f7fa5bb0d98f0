import type { PasswordHasher } from '../lib/password-hasher.ts';
import type { ReviewDecisions } from '../modules/documents/index.ts';
import type { LedgerViolation } from '../modules/ledger/index.ts';
import type {
  OperatorActionsService,
  OperatorDecision,
  OperatorPayments,
  TransferActionResult,
} from '../modules/operator-actions/index.ts';
import type {
  OperatorTransferAction,
  OperatorTransferDetail,
  OperatorTransferFilter,
  OperatorTransferSummary,
} from '../modules/transfers/index.ts';
import { createDomainModules, registerModuleJobs, type DomainModules } from './domain-modules.ts';
import { createPlatform, type Platform, type PlatformDeps } from './platform.ts';

/**
 * What the ops commands act with: the documents module's review decisions (decision 0023), the
 * ledger's check (decision 0037) and the recorded operator actions on customers and transfers
 * (decision 0039).
 */
export interface OpsHandlers {
  documents: ReviewDecisions;
  ledger: { check(): Promise<LedgerViolation[]> };
  customers: Pick<OperatorActionsService, 'blockCustomer' | 'unblockCustomer'>;
  transfers: {
    list(filter: OperatorTransferFilter): Promise<OperatorTransferSummary[]>;
    show(idOrNumber: string): Promise<OperatorTransferDetail>;
    act(
      action: OperatorTransferAction,
      idOrNumber: string,
      decision: OperatorDecision,
    ): Promise<TransferActionResult>;
  };
  /** `payments:list|show|refund` (operator-payments.ts). */
  payments: {
    list: OperatorPayments['listPayments'];
    show: OperatorPayments['showPayment'];
    refund: OperatorPayments['refundPayment'];
  };
}

export interface AssemblyDeps extends PlatformDeps {
  /** Test hook: a cheaper password hasher. */
  hasher?: PasswordHasher;
}

/** The platform and the modules on it, as every process of the product has them. */
export interface Assembly {
  platform: Platform;
  modules: DomainModules;
  /** What the ops CLI acts with: on the server's socket (main.ts) or on the database itself. */
  ops: OpsHandlers;
  /** Stops the jobs (running ones finish or go back to the queue), then the caches' bus. */
  close(): Promise<void>;
}

/**
 * The one assembly of `npm start` (app.ts), `npm run worker` and the ops CLI: the platform, every
 * module on it and every job registered, whether or not this process works them, so a job one
 * process sends is one any other can handle. What differs between the processes (HTTP, sockets,
 * which broadcaster) is given to it, not decided here.
 */
export async function assemble(deps: AssemblyDeps): Promise<Assembly> {
  const { hasher, ...platformDeps } = deps;
  const platform = await createPlatform(platformDeps);
  const modules = createDomainModules(platform, hasher ? { hasher } : {});
  registerModuleJobs(modules, platform.jobs);
  return {
    platform,
    modules,
    ops: {
      documents: modules.documents.decisions,
      ledger: { check: () => modules.ledger.service.check() },
      customers: modules.operatorActions.service,
      transfers: {
        list: (filter) => modules.operatorActions.service.listTransfers(filter),
        show: (idOrNumber) => modules.operatorActions.service.showTransfer(idOrNumber),
        act: (action, idOrNumber, decision) =>
          modules.operatorActions.service.actOnTransfer(action, idOrNumber, decision),
      },
      payments: {
        list: (filter) => modules.operatorActions.payments.listPayments(filter),
        show: (idOrReference) => modules.operatorActions.payments.showPayment(idOrReference),
        refund: (idOrReference, decision) =>
          modules.operatorActions.payments.refundPayment(idOrReference, decision),
      },
    },
    close: async () => {
      await platform.jobs.stop();
      await platform.caches.close();
    },
  };
}
