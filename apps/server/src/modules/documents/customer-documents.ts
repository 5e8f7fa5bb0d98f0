import type { Locale } from '@corridor/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { Money } from '../../lib/money.ts';
import { SOURCE_COUNTRIES } from '../countries/index.ts';
import type {
  CustomerDocumentsPart,
  CustomerDocumentsPort,
  DocumentsProfile,
  ProfilePart,
} from '../customers/index.ts';
import { categoryByCode } from './document-catalogue.ts';
import { customerDocumentResource, documentCategoryResource } from './document-resource.ts';
import { documentsFromJson, documentsJsonOf, type DocumentRecord } from './documents.repository.ts';
import { owedCategories, SOURCE_OF_FUNDS_WINDOW_DAYS } from './owed-documents.ts';
import { poiNameCheck } from './poi-name-check.ts';

/** What a customer sent since a moment, by send currency (minor units): for source of funds. */
export interface SendsPort {
  /**
   * A part of the customer's query (the resource is read in one round trip): the sends of the
   * customer whose id is `customerId` since `since`, counted as the limits count them.
   */
  sentByCurrencySince(customerId: SQL, since: SQL): ProfilePart<ReadonlyMap<string, bigint>>;
}

/**
 * Nothing sent: source of funds is never owed. For tests and tools built without transfers; the
 * assembly gives the transfers module's total (app/domain-modules.ts).
 */
export const noSendsYet: SendsPort = {
  sentByCurrencySince: () => ({ sql: sql`null`, decode: () => new Map() }),
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** The placeholder of the source-of-funds window's start in the customer's query. */
const SOF_SINCE = 'sof_since';

/**
 * The documents the customer is shown (docs/product/identity-documents.md#statuses): a
 * rejection is left out once a document of the same type is approved, since its reason and
 * "Upload again" were answered by that approval (issue 28). The rows stay, for the review.
 */
function shownDocuments(records: readonly DocumentRecord[]): DocumentRecord[] {
  const typeOf = ({ document }: DocumentRecord) =>
    `${document.category_code}/${document.type_code}`;
  const approved = new Set(
    records.filter(({ document }) => document.status === 'approved').map(typeOf),
  );
  return records.filter(
    (record) => record.document.status !== 'rejected' || !approved.has(typeOf(record)),
  );
}

export interface CustomerDocumentsDeps {
  clock: Clock;
  /** SOF_THRESHOLDS: minor units per source currency. */
  sofThresholds: ReadonlyMap<string, bigint>;
  sends: SendsPort;
}

const currencyOf = (iso2: string | null) =>
  SOURCE_COUNTRIES.find((source) => source.iso2 === iso2)?.currency ?? null;

/**
 * The documents part of the customer resource (`documents[]` newest first, `pending_documents[]`,
 * `poi_name_check`), given to the customers module as its port. Read once per cache fill, shown
 * in each language it is asked in.
 */
export function createCustomerDocuments(deps: CustomerDocumentsDeps): CustomerDocumentsPort {
  const { clock, sofThresholds, sends } = deps;

  function sendsOf(sent: ReadonlyMap<string, bigint>, countryIso2: string | null) {
    const currency = currencyOf(countryIso2);
    const threshold = currency === null ? undefined : sofThresholds.get(currency);
    if (currency === null || threshold === undefined) return null;
    return {
      total: Money.fromMinor(sent.get(currency) ?? 0n, currency),
      threshold: Money.fromMinor(threshold, currency),
    };
  }

  function stateOf(
    records: readonly DocumentRecord[],
    sends: ReturnType<typeof sendsOf>,
    profile: DocumentsProfile,
  ) {
    const documents = records.map((record) => record.document);
    const owed = owedCategories({ countryIso2: profile.countryIso2, documents, sends });
    const nameCheck = poiNameCheck(profile, documents);
    const shown = new Map<Locale, CustomerDocumentsPart>();
    return {
      resource(locale: Locale): CustomerDocumentsPart {
        let part = shown.get(locale);
        if (!part) {
          part = {
            documents: shownDocuments(records).map((record) =>
              customerDocumentResource(record, locale),
            ),
            pending_documents: owed.map((code) =>
              documentCategoryResource(categoryByCode(code), locale),
            ),
            poi_name_check: nameCheck,
          };
          shown.set(locale, part);
        }
        return part;
      },
    };
  }

  return {
    profilePart(customerId: SQL) {
      const sent = sends.sentByCurrencySince(customerId, sql`${sql.placeholder(SOF_SINCE)}`);
      return {
        sql: sql`json_build_object('records', ${documentsJsonOf(customerId)}, 'sent', ${sent.sql})`,
        values: () => ({
          [SOF_SINCE]: new Date(clock.now().getTime() - SOURCE_OF_FUNDS_WINDOW_DAYS * DAY_MS),
        }),
        decode(value: unknown) {
          const { records, sent: sentJson } = value as { records: unknown; sent: unknown };
          const read = documentsFromJson(records);
          const sentByCurrency = sent.decode(sentJson);
          return (profile: DocumentsProfile) =>
            stateOf(read, sendsOf(sentByCurrency, profile.countryIso2), profile);
        },
      };
    },
  };
}
