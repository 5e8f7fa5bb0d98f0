import { AppError } from '../../../errors/app-error.ts';
import { apiText } from '../../../i18n/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { UnitOfWork } from '../../../lib/unit-of-work.ts';
import {
  identityValueProblems,
  type AttributeKey,
  type CustomerService,
} from '../../customers/index.ts';
import type { EventOrigin } from '../../realtime/index.ts';
import type { Actor } from '../../sessions/index.ts';
import type { IdentityDetails } from './identity-details.ts';
import type { ReviewRepository } from './review.repository.ts';

export interface ApplyInfoDeps {
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  repository: ReviewRepository;
  /** Writes the ID's name and date of birth as the profile's, and tells the customer's tabs. */
  customers: Pick<CustomerService, 'saveAttributes'>;
}

/** The ID's name (all three parts, when it has one) and date of birth, as profile attributes. */
function profileValues(details: IdentityDetails): Map<AttributeKey, string | null> {
  const values = new Map<AttributeKey, string | null>();
  if (details.name !== null) {
    values.set('name', details.name);
    values.set('second_name', details.secondName);
    values.set('third_name', details.thirdName);
  }
  if (details.birthDate !== null) values.set('birth_detail.birth_date', details.birthDate);
  return values;
}

/**
 * POST /client/v1/apply-info-from-poi (docs/product/identity-documents.md#poi-name-check): the name and date of birth the newest
 * approved proof of identity recorded become the profile's, in one transaction with
 * CustomerProfileUpdated, so `poi_name_check` holds. Without one, 412
 * `account_verification_required`: the request itself is fine (it has no body to be wrong), the
 * customer has something to clear first, which is what a 412's type names (docs/product/api-conventions.md#preconditions-412).
 * Details the identity form would refuse (a minor, a date of birth in the future, a name over 100
 * characters: an operator may have approved such an ID) are refused with 422, each value's
 * problem under its attribute, and nothing changes (issue 28).
 */
export function createApplyInfo(deps: ApplyInfoDeps) {
  const { uow, clock, repository, customers } = deps;
  return async function applyInfoFromPoi(actor: Actor, origin?: EventOrigin): Promise<void> {
    await uow.run(async (tx) => {
      const poi = await repository.approvedPoiDetails(tx, actor.customerId);
      if (!poi || (poi.details.name === null && poi.details.birthDate === null)) {
        throw new AppError('precondition_required', {
          type: 'account_verification_required',
          message: apiText('documentReview.noApprovedPoi'),
        });
      }
      const values = profileValues(poi.details);
      const problems = identityValueProblems(values, clock.now());
      if (Object.keys(problems).length > 0) {
        throw new AppError('validation_failed', {
          message: apiText('documentReview.applyInfoRefused'),
          fieldErrors: problems,
        });
      }
      await customers.saveAttributes(tx, actor.customerId, values, origin);
    });
  };
}
