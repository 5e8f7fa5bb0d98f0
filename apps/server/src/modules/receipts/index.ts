import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { CustomerService } from '../customers/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import type { RecipientsService } from '../recipients/index.ts';
import { statementRowsPort, type TransfersService } from '../transfers/index.ts';
import { receiptsRoutes } from './receipts.routes.ts';
import { createReceipts } from './receipts.service.ts';
import { createStatementsRepository } from './statements.repository.ts';
import {
  createStatements,
  MAKE_STATEMENT_RETRIES,
  makeStatementJob,
  PURGE_EXPIRED_MS,
  purgeExpiredStatementsJob,
} from './statements.service.ts';

export interface ReceiptsModuleDeps {
  config: Pick<Config, 'appUrl' | 'sandbox'>;
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  limiter: RateLimiter;
  outbox: Outbox;
  jobs: Pick<Jobs, 'send' | 'kick'>;
  customers: CustomerService;
  payouts: PayoutsService;
  recipients: RecipientsService;
  transfers: Pick<TransfersService, 'get'>;
}

/**
 * Receipts and statements (issue 30, docs/product/sending-money.md#receipts-and-statements): a
 * transfer's receipt from the one disclosure template, and statements made by a job and
 * emailed as a link that expires.
 */
export function createReceiptsModule(deps: ReceiptsModuleDeps) {
  const config = { appUrl: deps.config.appUrl, sandboxNotice: deps.config.sandbox.notice };
  const receipts = createReceipts({ ...deps, config, transaction: deps.transfers.get });
  const statements = createStatements({
    ...deps,
    config,
    repository: createStatementsRepository(),
    transfers: statementRowsPort,
  });
  return {
    routes: (async (app) => {
      await app.register(receiptsRoutes, { receipts, statements });
    }) satisfies FastifyPluginAsync,
    jobs(jobs: Pick<Jobs, 'register'>) {
      jobs.register(
        makeStatementJob,
        (data, context) => statements.make(data.statement_id, context),
        {
          retryLimit: MAKE_STATEMENT_RETRIES,
          retryDelaySeconds: 10,
        },
      );
      jobs.register(
        purgeExpiredStatementsJob,
        async () => {
          await statements.purgeExpired();
        },
        {
          policy: 'stately',
          retryLimit: 3,
          retryDelaySeconds: 10,
          every: { ms: PURGE_EXPIRED_MS },
        },
      );
    },
  };
}

export type ReceiptsModule = ReturnType<typeof createReceiptsModule>;
