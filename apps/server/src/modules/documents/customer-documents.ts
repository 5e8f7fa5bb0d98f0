import type { Locale } from '@corridor/contracts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import { Money } from '../../lib/money.ts';
import { SOURCE_COUNTRIES } from '../countries/index.ts';
import type {
  CustomerDocumentsPart,
  CustomerDocumentsPort,
  DocumentsProfile,
} from '../customers/index.ts';
import { categoryByCode } from './document-catalogue.ts';
import { customerDocumentResource, documentCategoryResource } from './document-resource.ts';
import type { DocumentRecord, DocumentsRepository } from './documents.repository.ts';
import { owedCategories, SOURCE_OF_FUNDS_WINDOW_DAYS } from './owed-documents.ts';
import { poiNameCheck } from './poi-name-check.ts';

/** What a customer sent, in their source currency, since a moment: for source of funds. */
export interface SendsPort {
  /** Read with `ex`: inside a use case's transaction, what it sees. */
  totalSince(ex: Executor, customerId: string, currency: string, since: Date): Promise<Money>;
}

/**
 * Nothing sent: source of funds is never owed. For tests and tools built without transfers; the
 * assembly gives the transfers module's total (app/domain-modules.ts).
 */
export const noSendsYet: SendsPort = {
  totalSince: async (_ex, _customerId, currency) => Money.zero(currency),
};

const DAY_MS = 24 * 60 * 60 * 1000;

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
  db: Database;
  clock: Clock;
  repository: Pick<DocumentsRepository, 'documentsOf'>;
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
  const { db, clock, repository, sofThresholds, sends } = deps;

  async function sendsOf(ex: Executor, customerId: string, countryIso2: string | null) {
    const currency = currencyOf(countryIso2);
    const threshold = currency === null ? undefined : sofThresholds.get(currency);
    if (currency === null || threshold === undefined) return null;
    const since = new Date(clock.now().getTime() - SOURCE_OF_FUNDS_WINDOW_DAYS * DAY_MS);
    return {
      total: await sends.totalSince(ex, customerId, currency, since),
      threshold: Money.fromMinor(threshold, currency),
    };
  }

  return {
    async read(profile: DocumentsProfile & { customerId: string }, ex?: Executor) {
      const records = await repository.documentsOf(ex ?? db, profile.customerId);
      const documents = records.map((record) => record.document);
      const owed = owedCategories({
        countryIso2: profile.countryIso2,
        documents,
        sends: await sendsOf(ex ?? db, profile.customerId, profile.countryIso2),
      });
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
    },
  };
}
