import type { CountryFields, Currency, Locale, ReferenceItem } from '@corridor/contracts';
import { translate } from '../../i18n/index.ts';
import { countryFields, type CountriesService } from '../countries/index.ts';
import {
  payoutMethodResource,
  type MethodInfo,
  type PayoutsService,
  type TargetInfo,
} from '../payouts/index.ts';
import { channelFor, type PayoutChannel } from './channels/index.ts';
import type { RecipientReferences } from './recipient-resource.ts';
import type { RecipientValidationContext } from './recipient-values.ts';

/** A payout channel with the seeded target and method it belongs to. */
export interface ChannelCorridor {
  channel: PayoutChannel;
  target: TargetInfo;
  method: MethodInfo;
}

/** The reference data recipients are read and checked against, loaded once per process. */
interface Directory {
  byChannelId: ReadonlyMap<string, ChannelCorridor>;
  byTargetAndMethod: ReadonlyMap<string, ChannelCorridor>;
  /** A method belongs to one target: its id names the corridor. */
  byMethodId: ReadonlyMap<string, ChannelCorridor>;
  countries: ReadonlyMap<string, CountryFields>;
  /** English; translated per answer. */
  relationships: ReadonlyMap<string, ReferenceItem>;
  context: RecipientValidationContext;
}

const corridorKey = (targetId: string, methodId: string) => `${targetId}/${methodId}`;

async function loadDirectory(
  payouts: PayoutsService,
  countries: CountriesService,
): Promise<Directory> {
  const [targets, relationshipList, countryIds] = await Promise.all([
    payouts.targetInfos(),
    payouts.relationships('en'),
    countries.ids(),
  ]);
  const corridors: ChannelCorridor[] = targets.flatMap((target) =>
    target.methods.flatMap((method) => {
      const channel = channelFor(target.country.iso2_alpha, target.currency.iso_alpha, method.code);
      return channel ? [{ channel, target, method }] : [];
    }),
  );
  const countryMap = new Map<string, CountryFields>();
  for (const id of countryIds) {
    const country = await countries.byId(id);
    if (country) countryMap.set(id, countryFields(country));
  }
  const relationships = new Map(relationshipList.map((item) => [item.id, item]));
  return {
    byChannelId: new Map(corridors.map((corridor) => [corridor.channel.id, corridor])),
    byTargetAndMethod: new Map(
      corridors.map((corridor) => [corridorKey(corridor.target.id, corridor.method.id), corridor]),
    ),
    byMethodId: new Map(corridors.map((corridor) => [corridor.method.id, corridor])),
    countries: countryMap,
    relationships,
    context: {
      countryIso2Of: (id) => countryMap.get(id.toLowerCase())?.iso2_alpha ?? null,
      isRelationship: (id) => relationships.has(id.toLowerCase()),
    },
  };
}

const localizedItem = (item: ReferenceItem, locale: Locale): ReferenceItem => ({
  id: item.id,
  code: item.code,
  title: translate(item.title, locale),
  description: item.description === null ? null : translate(item.description, locale),
});

/**
 * The channels Corridor serves joined to their seeded targets and methods, the countries and
 * the relationships: read once (reference data changes only when the seed runs at start), and
 * again after a failed read.
 */
export function createRecipientDirectory(deps: {
  payouts: PayoutsService;
  countries: CountriesService;
}) {
  let directory: Promise<Directory> | undefined;
  const load = (): Promise<Directory> => {
    directory ??= loadDirectory(deps.payouts, deps.countries);
    directory.catch(() => {
      directory = undefined;
    });
    return directory;
  };
  const currencies = new Map<Locale, Promise<Map<string, Currency>>>();
  /** Each target's currency in `locale`, by the target's country and currency ids. */
  const currenciesIn = (locale: Locale): Promise<Map<string, Currency>> => {
    let map = currencies.get(locale);
    if (!map) {
      map = deps.payouts
        .targets(locale)
        .then(
          (targets) =>
            new Map(
              targets.map((target) => [
                `${target.country.id} ${target.currency.id}`,
                target.currency,
              ]),
            ),
        );
      map.catch(() => currencies.delete(locale));
      currencies.set(locale, map);
    }
    return map;
  };

  return {
    /** Loads everything now (before an idempotent request's transaction holds the database). */
    async ready(): Promise<RecipientValidationContext> {
      return (await load()).context;
    },
    async byChannelId(channelId: string): Promise<ChannelCorridor | null> {
      return (await load()).byChannelId.get(channelId.toLowerCase()) ?? null;
    },
    async byTargetAndMethod(targetId: string, methodId: string): Promise<ChannelCorridor | null> {
      return (
        (await load()).byTargetAndMethod.get(
          corridorKey(targetId.toLowerCase(), methodId.toLowerCase()),
        ) ?? null
      );
    },
    /** The corridor of `GET /payout/channel`'s country, currency and method ids, if served. */
    async byQuery(query: {
      country_id: string;
      currency_id: string;
      payout_method_id: string;
    }): Promise<ChannelCorridor | null> {
      const corridor = (await load()).byMethodId.get(query.payout_method_id.toLowerCase());
      return corridor &&
        corridor.target.country.id === query.country_id.toLowerCase() &&
        corridor.target.currency.id === query.currency_id.toLowerCase()
        ? corridor
        : null;
    },
    /** Every served corridor (for matching a search against country names). */
    async corridors(): Promise<readonly ChannelCorridor[]> {
      return [...(await load()).byChannelId.values()];
    },
    /** What a recipient of this target and method shows besides its row, in `locale`. */
    async references(
      targetId: string,
      methodId: string,
      relationshipId: string,
      locale: Locale,
    ): Promise<RecipientReferences | null> {
      const loaded = await load();
      const corridor = loaded.byTargetAndMethod.get(corridorKey(targetId, methodId));
      if (!corridor) return null;
      const { target, method, channel } = corridor;
      const currency = (await currenciesIn(locale)).get(
        `${target.country.id} ${target.currency.id}`,
      );
      if (!currency) return null;
      const relationship = loaded.relationships.get(relationshipId);
      return {
        channel,
        country: target.country,
        currency,
        payoutMethod: payoutMethodResource(method, locale),
        relationship: relationship ? localizedItem(relationship, locale) : null,
        countryById: (id) => loaded.countries.get(id.toLowerCase()) ?? null,
      };
    },
  };
}

export type RecipientDirectory = ReturnType<typeof createRecipientDirectory>;
