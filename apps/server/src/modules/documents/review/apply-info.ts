import type { Executor } from '../../../db/executor.ts';
import { AppError } from '../../../errors/app-error.ts';
import { apiText } from '../../../i18n/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { UnitOfWork } from '../../../lib/unit-of-work.ts';
import type { EventOrigin, RealtimeEvents } from '../../realtime/index.ts';
import type { Actor } from '../../sessions/index.ts';
import type { ReviewRepository } from './review.repository.ts';

export interface ApplyInfoDeps {
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  repository: ReviewRepository;
  events: Pick<RealtimeEvents, 'customerProfileUpdated'>;
  customers: { profileChanged(tx: Executor, customerId: string): void };
}

/**
 * POST /client/v1/apply-info-from-poi (DESIGN §5): the name and date of birth the newest
 * approved proof of identity recorded become the profile's, in one transaction with
 * CustomerProfileUpdated, so `poi_name_check` holds. Without one, 412
 * `account_verification_required`: the request itself is fine (it has no body to be wrong), the
 * customer has something to clear first, which is what a 412's type names (DESIGN §3).
 */
export function createApplyInfo(deps: ApplyInfoDeps) {
  const { uow, clock, repository, events, customers } = deps;
  return async function applyInfoFromPoi(actor: Actor, origin?: EventOrigin): Promise<void> {
    await uow.run(async (tx) => {
      const poi = await repository.approvedPoiDetails(tx, actor.customerId);
      if (!poi || (poi.details.name === null && poi.details.birthDate === null)) {
        throw new AppError('precondition_required', {
          type: 'account_verification_required',
          message: apiText('documentReview.noApprovedPoi'),
        });
      }
      await repository.applyToProfile(tx, actor.customerId, poi.details, clock.now());
      await events.customerProfileUpdated(tx, actor.customerId, origin);
      customers.profileChanged(tx, actor.customerId);
    });
  };
}
