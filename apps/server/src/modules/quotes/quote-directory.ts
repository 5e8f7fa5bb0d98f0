import type { Locale, PayoutMethod, PayoutTarget } from '@corridor/contracts';
import { countryFields, SOURCE_COUNTRIES, type CountriesService } from '../countries/index.ts';
import {
  payoutMethodResource,
  type MethodInfo,
  type PayoutsService,
  type TargetInfo,
} from '../payouts/index.ts';
import { targetsJson } from './quote-json.ts';

/** A country customers send from, with the currency they pay in. */
export interface SourceInfo {
  iso2: string;
  country_id: string;
  currency: string;
  currency_id: string;
}

/** Where money can come from and go to, with lookups by id. */
interface Directory {
  sources: SourceInfo[];
  targets: readonly TargetInfo[];
  sourceByIso2: Map<string, SourceInfo>;
  targetById: Map<string, TargetInfo>;
  targetByCountryId: Map<string, TargetInfo>;
  methodById: Map<string, MethodInfo>;
}

/** The same in a reader's language, as the quote answers carry it. */
export interface LocalizedDirectory {
  sources: PayoutTarget[];
  sourceByIso2: Map<string, PayoutTarget>;
  targets: PayoutTarget[];
  /** The targets checked and encoded once: most of every calculator answer (quote-json.ts). */
  targetsJson: string;
  targetById: Map<string, PayoutTarget>;
  methodById: Map<string, PayoutMethod>;
}

/**
 * The reference data a quote is made of (sources, targets, methods, partners), read once per
 * process and language: it changes only when the seed runs at start. A failed read is not kept.
 */
export function createQuoteDirectory(deps: {
  countries: Pick<CountriesService, 'byIso2'>;
  payouts: Pick<PayoutsService, 'targetInfos' | 'targets' | 'currency'>;
}) {
  const { countries, payouts } = deps;

  async function loadDirectory(): Promise<Directory> {
    const sources = await Promise.all(
      SOURCE_COUNTRIES.map(async ({ iso2, currency }): Promise<SourceInfo> => {
        const [country, resource] = await Promise.all([
          countries.byIso2(iso2),
          payouts.currency(currency, 'en'),
        ]);
        if (!country || !resource) throw new Error(`source ${iso2}/${currency} is not seeded`);
        return { iso2, country_id: country.id, currency, currency_id: resource.id };
      }),
    );
    const targets = await payouts.targetInfos();
    const methods = targets.flatMap((target) => target.methods);
    return {
      sources,
      targets,
      sourceByIso2: new Map(sources.map((source) => [source.iso2, source])),
      targetById: new Map(targets.map((target) => [target.id, target])),
      targetByCountryId: new Map(targets.map((target) => [target.country.id, target])),
      methodById: new Map(methods.map((method) => [method.id, method])),
    };
  }

  async function localize(directory: Directory, locale: Locale): Promise<LocalizedDirectory> {
    const sources = await Promise.all(
      directory.sources.map(async (source): Promise<PayoutTarget> => {
        const [country, currency] = await Promise.all([
          countries.byIso2(source.iso2),
          payouts.currency(source.currency, locale),
        ]);
        if (!country || !currency) throw new Error(`source ${source.iso2} is not seeded`);
        return { country: countryFields(country), currency };
      }),
    );
    // payouts.targets lists the same targets as targetInfos, in the same order.
    const targets = await payouts.targets(locale);
    const methods = [...directory.methodById.values()];
    return {
      sources,
      sourceByIso2: new Map(sources.map((source) => [source.country.iso2_alpha, source])),
      targets,
      targetsJson: targetsJson(targets),
      targetById: new Map(
        directory.targets.flatMap((info, index) => {
          const target = targets[index];
          return target ? [[info.id, target] as const] : [];
        }),
      ),
      methodById: new Map(methods.map((m) => [m.id, payoutMethodResource(m, locale)])),
    };
  }

  let directory: Promise<Directory> | undefined;
  const localized = new Map<Locale, Promise<LocalizedDirectory>>();
  const load = (): Promise<Directory> => {
    directory ??= loadDirectory();
    directory.catch(() => {
      directory = undefined;
    });
    return directory;
  };

  return {
    load,
    localized(locale: Locale): Promise<LocalizedDirectory> {
      let loaded = localized.get(locale);
      if (!loaded) {
        loaded = load().then((base) => localize(base, locale));
        localized.set(locale, loaded);
        loaded.catch(() => localized.delete(locale));
      }
      return loaded;
    },
  };
}

export type QuoteDirectory = ReturnType<typeof createQuoteDirectory>;
