import type { Locale, Recipient } from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { channelById, subDeliveryOptions } from './channels/index.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AccountNameLookup } from './name-lookup.ts';
import { limitedNameLookup } from './name-lookup-limits.ts';
import type { QuotePort } from './quote-port.ts';
import type { RecipientDirectory } from './recipient-directory.ts';
import { checkRecipientBody, lookUpAccountName } from './recipient-form.ts';
import { recipientSearch } from './recipient-search.ts';
import {
  localizedOption,
  payoutChannelResource,
  recipientResource,
  whisperItem,
} from './recipient-resource.ts';
import type { RecipientRow, RecipientsRepository } from './recipients.repository.ts';
import type { RecipientsService } from './recipients-service-types.ts';
import { nameLookupRequirements } from './validate-recipient.ts';

export interface RecipientsServiceDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  repository: RecipientsRepository;
  directory: RecipientDirectory;
  nameLookup: AccountNameLookup;
  /** Counts the name lookups (docs/security.md#limits). */
  limiter: RateLimiter;
  quotes: QuotePort;
}

const WHISPER_SIZE = 10;
const CORRIDOR_LIST_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every way of not being the customer's live recipient (another's, unknown, removed, not even
 * a UUID) is the same 404 (IDOR): never a 403, never told apart.
 */
const notFound = () => new AppError('not_found');
const asId = (id: string): string => {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
};

/** The quote port's refusals as the add's answers; nothing of the add is kept. */
function quoteRefusal(outcome: 'not_found' | 'expired' | 'corridor_mismatch'): AppError {
  switch (outcome) {
    case 'not_found':
      return notFound();
    case 'expired':
      return new AppError('precondition_required', {
        type: 'quote_expired',
        message: apiText('recipients.quoteExpired'),
      });
    case 'corridor_mismatch':
      return AppError.validation({ payout_channel_id: [apiText('recipients.quoteCorridor')] });
  }
}

export function createRecipientsService(deps: RecipientsServiceDeps): RecipientsService {
  const { repository, directory } = deps;
  const lookupFor = (requester: { customerId: string; clientAddress: string }) =>
    limitedNameLookup(deps.nameLookup, deps.limiter, requester);

  /** The corridor and relationship a row names; null for a corridor no longer served. */
  const referencesOf = (row: RecipientRow, locale: Locale) =>
    directory.references(row.payout_target_id, row.payout_method_id, row.relationship_id, locale);
  const resourceOf = async (row: RecipientRow, locale: Locale): Promise<Recipient | null> => {
    const references = await referencesOf(row, locale);
    // A recipient of a corridor no longer served is kept for history but not offered.
    return references ? recipientResource(row, references, locale) : null;
  };
  const resourcesOf = async (rows: readonly RecipientRow[], locale: Locale) =>
    (await Promise.all(rows.map((row) => resourceOf(row, locale)))).filter(
      (resource): resource is Recipient => resource !== null,
    );

  const searchFor = recipientSearch(directory);

  const get = async (customerId: string, recipientId: string, locale: Locale) => {
    const row = await repository.findLive(deps.db, customerId, asId(recipientId));
    const resource = row ? await resourceOf(row, locale) : null;
    if (!resource) throw notFound();
    return resource;
  };

  return {
    async ready() {
      await directory.ready();
    },

    async channel(query, locale) {
      const corridor = await directory.byQuery(query);
      if (!corridor) {
        throw new AppError('not_found', { message: apiText('recipients.channelNotServed') });
      }
      return payoutChannelResource(corridor.channel, locale);
    },

    subDeliveryOptions(deliveryOptionId, locale) {
      const options = UUID.test(deliveryOptionId)
        ? subDeliveryOptions(deliveryOptionId)
        : undefined;
      if (!options) throw notFound();
      return options.map((option) => localizedOption(option, locale));
    },

    async lookUpName(requester, channelId, query) {
      const channel = UUID.test(channelId) ? channelById(channelId) : undefined;
      if (!channel || nameLookupRequirements(channel).length === 0) {
        throw new AppError('not_found', { message: apiText('recipients.lookup.notOffered') });
      }
      return lookUpAccountName(channel, query, await directory.ready(), lookupFor(requester));
    },

    async list(customerId, { search, limit, offset }, locale) {
      const { rows, total } = await repository.page(deps.db, customerId, {
        search: await searchFor(search, locale),
        limit,
        offset,
      });
      return { data: await resourcesOf(rows, locale), total };
    },

    async whisper(customerId, search, locale) {
      const { rows } = await repository.page(deps.db, customerId, {
        search: await searchFor(search, locale),
        limit: WHISPER_SIZE,
        offset: 0,
      });
      const items = await Promise.all(
        rows.map(async (row) => {
          const references = await referencesOf(row, locale);
          return references ? whisperItem(row, references) : null;
        }),
      );
      return items.filter((item) => item !== null);
    },

    async add({ customerId, clientAddress, channelId, quoteId, body, outer }, locale) {
      const context = await directory.ready();
      const corridor = await directory.byChannelId(channelId);
      if (!corridor) {
        throw AppError.validation({ payout_channel_id: [apiText('recipients.channelNotServed')] });
      }
      const fields = await checkRecipientBody(
        corridor.channel,
        body,
        context,
        lookupFor({ customerId, clientAddress }),
      );
      const id = deps.random.uuid();
      const row = await deps.uow.run(async (tx) => {
        const now = deps.clock.now();
        await repository.insert(tx, {
          ...fields,
          id,
          customer_id: customerId,
          channel_id: corridor.channel.id,
          payout_target_id: corridor.target.id,
          payout_method_id: corridor.method.id,
          created_at: now,
        });
        if (quoteId !== undefined) {
          const outcome = await deps.quotes.attachRecipient(tx, {
            customerId,
            quoteId: quoteId.toLowerCase(),
            recipientId: id,
            payoutTargetId: corridor.target.id,
            payoutMethodId: corridor.method.id,
            now,
          });
          if (outcome !== 'attached') throw quoteRefusal(outcome);
        }
        return repository.findLive(tx, customerId, id);
      }, outer);
      const resource = row ? await resourceOf(row, locale) : null;
      if (!resource) throw new Error('a recipient just added could not be read back');
      return resource;
    },

    async edit({ customerId, clientAddress, recipientId, body, outer }, locale) {
      const id = asId(recipientId);
      const context = await directory.ready();
      const current = await repository.findLive(outer ?? deps.db, customerId, id);
      const corridor = current
        ? await directory.byTargetAndMethod(current.payout_target_id, current.payout_method_id)
        : null;
      if (!corridor) throw notFound();
      const fields = await checkRecipientBody(
        corridor.channel,
        body,
        context,
        lookupFor({ customerId, clientAddress }),
      );
      const row = await deps.uow.run(async (tx) => {
        const updated = await repository.update(tx, customerId, id, fields, deps.clock.now());
        // Removed since it was read: as gone as if it never was.
        if (!updated) throw notFound();
        return repository.findLive(tx, customerId, id);
      }, outer);
      const resource = row ? await resourceOf(row, locale) : null;
      if (!resource) throw notFound();
      return resource;
    },

    async remove(customerId, recipientId) {
      const id = asId(recipientId);
      const removed = await deps.uow.run((tx) =>
        repository.softDelete(tx, customerId, id, deps.clock.now()),
      );
      if (!removed) throw notFound();
    },

    get,

    async listForCorridor(customerId, payoutTargetId, payoutMethodId, locale) {
      if (!UUID.test(payoutTargetId) || !UUID.test(payoutMethodId)) return [];
      const rows = await repository.forCorridor(deps.db, customerId, {
        payoutTargetId: payoutTargetId.toLowerCase(),
        payoutMethodId: payoutMethodId.toLowerCase(),
        limit: CORRIDOR_LIST_SIZE,
      });
      return resourcesOf(rows, locale);
    },

    async findCorridor(executor: Executor, customerId, recipientId) {
      if (!UUID.test(recipientId)) return null;
      return repository.corridorOf(executor, customerId, recipientId.toLowerCase());
    },

    async liveForTransfer(executor: Executor, customerId, recipientId, locale) {
      if (!UUID.test(recipientId)) return false;
      const row = await repository.findLive(executor, customerId, recipientId.toLowerCase());
      if (!row) return false;
      await resourceOf(row, locale);
      return true;
    },

    async payoutDetails(executor: Executor, customerId, recipientId) {
      const row = await repository.payoutDetailsOf(executor, customerId, recipientId);
      return row
        ? { name: row.name, payoutMethodId: row.payout_method_id, attributes: row.values }
        : null;
    },

    async payoutDetailsMany(executor, list) {
      const ids = [...new Set(list.map(({ recipientId }) => recipientId))];
      const rows = await repository.payoutDetailsOfMany(executor, ids);
      const customerOf = new Map(list.map((one) => [one.recipientId, one.customerId]));
      return new Map(
        rows
          .filter((row) => customerOf.get(row.id) === row.customer_id)
          .map((row) => [
            row.id,
            { name: row.name, payoutMethodId: row.payout_method_id, attributes: row.values },
          ]),
      );
    },

    hasAny(customerId) {
      return repository.hasAny(deps.db, customerId);
    },

    async forTransfers(executor, customerId, recipientIds, locale) {
      const ids = [...new Set(recipientIds.filter((id) => UUID.test(id)))];
      const rows = await repository.findAny(executor, customerId, ids);
      const resources = await Promise.all(
        rows.map(async (row) => {
          const resource = await resourceOf(row, locale);
          return resource ? ([row.id, resource] as const) : null;
        }),
      );
      return new Map(resources.filter((entry) => entry !== null));
    },

    async recordTransfer(tx, customerId, recipientId, at, locale) {
      const row = await repository.recordTransfer(tx, customerId, recipientId, at);
      return row ? resourceOf(row, locale) : null;
    },

    async recordTransfers(tx, made, at) {
      const rows = await repository.recordTransfers(tx, made, at);
      const byKey = new Map(rows.map((row) => [`${row.customer_id}:${row.id}`, row]));
      return Promise.all(
        made.map(({ customerId, recipientId, locale }) => {
          const row = byKey.get(`${customerId}:${recipientId}`);
          return row ? resourceOf(row, locale) : null;
        }),
      );
    },
  };
}
