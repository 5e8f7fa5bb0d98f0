import type {
  CountryFields,
  Locale,
  PayoutCompany,
  PayoutMethod,
  PayoutMethodCode,
  PayoutTarget,
  ReferenceItem,
} from '@corridor/contracts';
import { translate } from '../../i18n/index.ts';
import { countryFields, type CountriesService } from '../countries/index.ts';
import { currencyResource } from './currency-resource.ts';
import type { CurrencyRow, PayoutsRepository } from './payouts.repository.ts';

/** A payout target as other modules use it: its ids, the country and the currency's code. */
export interface TargetInfo {
  id: string;
  country: CountryFields;
  currency: CurrencyRow;
  methods: MethodInfo[];
}

/** A payout method with its target, in English (translate on the way out with `localized`). */
export interface MethodInfo {
  id: string;
  target_id: string;
  code: PayoutMethodCode;
  title: string;
  description: string;
  instruction: string | null;
  promo: string | null;
  /** The partners that pay it out, the default first. */
  companies: PayoutCompany[];
}

interface Directory {
  targets: TargetInfo[];
  targetByPair: Map<string, TargetInfo>;
  methodById: Map<string, MethodInfo>;
  purposes: ReferenceItem[];
  relationships: ReferenceItem[];
}

const pairKey = (countryId: string, currencyId: string) =>
  `${countryId.toLowerCase()} ${currencyId.toLowerCase()}`;

async function loadDirectory(
  repository: PayoutsRepository,
  countries: CountriesService,
): Promise<Directory> {
  const [targetRows, methodRows, companyRows, purposes, relationships] = await Promise.all([
    repository.listTargets(),
    repository.listMethods(),
    repository.listMethodCompanies(),
    repository.listPurposes(),
    repository.listRelationships(),
  ]);
  const companiesOf = new Map<string, PayoutCompany[]>();
  for (const { payout_method_id, ...company } of companyRows) {
    companiesOf.set(payout_method_id, [...(companiesOf.get(payout_method_id) ?? []), company]);
  }
  const methodById = new Map<string, MethodInfo>();
  for (const row of methodRows) {
    methodById.set(row.id, {
      id: row.id,
      target_id: row.payout_target_id,
      code: row.code as PayoutMethodCode,
      title: row.title,
      description: row.description,
      instruction: row.instruction,
      promo: row.promo,
      companies: companiesOf.get(row.id) ?? [],
    });
  }
  const targets: TargetInfo[] = [];
  for (const row of targetRows) {
    const country = await countries.byId(row.country_id);
    if (!country) continue; // a target always has a seeded country
    const methods = [...methodById.values()].filter((method) => method.target_id === row.id);
    targets.push({ id: row.id, country: countryFields(country), currency: row.currency, methods });
  }
  return {
    targets,
    targetByPair: new Map(targets.map((t) => [pairKey(t.country.id, t.currency.id), t])),
    methodById,
    purposes,
    relationships,
  };
}

const localizedItem = (item: ReferenceItem, locale: Locale): ReferenceItem => ({
  id: item.id,
  code: item.code,
  title: translate(item.title, locale),
  description: item.description === null ? null : translate(item.description, locale),
});

/** A method as `GET /payout/methods` and quotes send it, in `locale`. */
export function payoutMethodResource(method: MethodInfo, locale: Locale): PayoutMethod {
  const orNull = (text: string | null) => (text === null ? null : translate(text, locale));
  return {
    id: method.id,
    code: method.code,
    title: translate(method.title, locale),
    description: translate(method.description, locale),
    instruction: orNull(method.instruction),
    promo: orNull(method.promo),
    // Priced per method once quotes exist; the original product sends null without a quote.
    sell_rate_formatted: null,
  };
}

/**
 * Payout reference data: targets, their methods and partners, purposes and relationships. It
 * changes only when the seed runs at start, so it is read once per process (a failed read is
 * tried again by the next call), like the countries.
 */
export function createPayoutsService(deps: {
  repository: PayoutsRepository;
  countries: CountriesService;
}) {
  let directory: Promise<Directory> | undefined;
  const load = (): Promise<Directory> => {
    directory ??= loadDirectory(deps.repository, deps.countries);
    directory.catch(() => {
      directory = undefined;
    });
    return directory;
  };

  return {
    /** Every active target with its methods (English), in the order customers see them. */
    async targetInfos(): Promise<readonly TargetInfo[]> {
      return (await load()).targets;
    },
    /** The target of this country and currency, or null when Corridor does not pay out there. */
    async targetOf(countryId: string, currencyId: string): Promise<TargetInfo | null> {
      return (await load()).targetByPair.get(pairKey(countryId, currencyId)) ?? null;
    },
    /** A method by id (with its partners), or null. */
    async methodById(id: string): Promise<MethodInfo | null> {
      return (await load()).methodById.get(id.toLowerCase()) ?? null;
    },

    async targets(locale: Locale): Promise<PayoutTarget[]> {
      return (await load()).targets.map((target) => ({
        country: target.country,
        currency: currencyResource(target.currency, locale),
      }));
    },
    /** The methods of a target; none for a pair Corridor does not pay out to. */
    async methods(countryId: string, currencyId: string, locale: Locale): Promise<PayoutMethod[]> {
      const target = (await load()).targetByPair.get(pairKey(countryId, currencyId));
      return (target?.methods ?? []).map((method) => payoutMethodResource(method, locale));
    },
    async purposes(locale: Locale): Promise<ReferenceItem[]> {
      return (await load()).purposes.map((item) => localizedItem(item, locale));
    },
    async relationships(locale: Locale): Promise<ReferenceItem[]> {
      return (await load()).relationships.map((item) => localizedItem(item, locale));
    },
    async purposeById(id: string): Promise<ReferenceItem | null> {
      return (await load()).purposes.find((item) => item.id === id.toLowerCase()) ?? null;
    },
    async relationshipById(id: string): Promise<ReferenceItem | null> {
      return (await load()).relationships.find((item) => item.id === id.toLowerCase()) ?? null;
    },
    /** A currency by ISO code, in `locale`; null when unknown. */
    async currency(code: string, locale: Locale) {
      const row = await deps.repository.currencyByCode(code);
      return row ? currencyResource(row, locale) : null;
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
