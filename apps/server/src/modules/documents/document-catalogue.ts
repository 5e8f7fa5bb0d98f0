import type { DocumentCategoryCode, DocumentFileType, DocumentTypeCode } from '@corridor/contracts';
import { stableId } from '../../lib/stable-id.ts';
import type { PlainTextKey } from '../../i18n/index.ts';

/**
 * The document categories and their types (issue 16; docs/product/identity-documents.md#catalogue), in code: they
 * change with the product, not with data. Ids are name-based UUIDs, the same on every
 * installation, so a client may keep one. Every type is uploaded to our own storage ('SYSTEM').
 */

export interface DocumentTypeDefinition {
  id: string;
  code: DocumentTypeCode;
  category: DocumentCategoryCode;
  title: PlainTextKey;
  description: PlainTextKey;
  accepted: readonly PlainTextKey[];
  refused: readonly PlainTextKey[];
  recency: PlainTextKey | null;
  /** The sides photographed, in order (an ID card), or null when the pages are any files. */
  sides: readonly ('front' | 'back')[] | null;
  minPages: number;
  maxPages: number;
  fileTypes: readonly DocumentFileType[];
}

export interface DocumentCategoryDefinition {
  id: string;
  code: DocumentCategoryCode;
  title: PlainTextKey;
  description: PlainTextKey;
  types: readonly DocumentTypeDefinition[];
}

/** The built-in provider: a signed upload to our storage, reviewed by the sandbox or an operator. */
export const SYSTEM_API = 'SYSTEM';

/** An identity document is photographed; a PDF of one is a copy, not the document. */
const PHOTOS = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A statement or a bill arrives on paper (photographed or scanned) or as the provider's PDF. */
const PHOTOS_OR_PDF = [...PHOTOS, 'application/pdf'] as const;

const IDENTITY_REFUSED = [
  'documents.refuse.expired',
  'documents.refuse.copyOrScreenshot',
  'documents.refuse.glareOrCovered',
] as const satisfies readonly PlainTextKey[];

type TypeFields = Omit<DocumentTypeDefinition, 'id' | 'code' | 'category'>;

const photoId = (fields: Pick<TypeFields, 'title' | 'description' | 'accepted' | 'refused'>) =>
  ({ ...fields, recency: null, fileTypes: PHOTOS }) as const;

/** One photo of the passport's photo page. */
const passport: TypeFields = {
  ...photoId({
    title: 'documents.passport.title',
    description: 'documents.passport.description',
    accepted: ['documents.accept.validPassport', 'documents.accept.wholePhotoPage'],
    refused: IDENTITY_REFUSED,
  }),
  sides: null,
  minPages: 1,
  maxPages: 1,
};

/** A card: its front, then its back. */
const card = (fields: Pick<TypeFields, 'title' | 'description' | 'accepted' | 'refused'>) => ({
  ...photoId(fields),
  sides: ['front', 'back'] as const,
  minPages: 2,
  maxPages: 2,
});

/** A bill or statement: 1 to 10 pages, photos or PDF. */
const paper = (
  fields: Pick<TypeFields, 'title' | 'description' | 'accepted' | 'refused' | 'recency'>,
): TypeFields => ({ ...fields, sides: null, minPages: 1, maxPages: 10, fileTypes: PHOTOS_OR_PDF });

const PAPER_ACCEPTED = [
  'documents.accept.paperOrPdf',
  'documents.accept.allPages',
] as const satisfies readonly PlainTextKey[];

const ADDRESS_ACCEPTED = [
  'documents.accept.nameAndAddress',
  ...PAPER_ACCEPTED,
] as const satisfies readonly PlainTextKey[];

const definitions: Record<
  DocumentCategoryCode,
  Omit<DocumentCategoryDefinition, 'id' | 'code' | 'types'> & {
    types: Partial<Record<DocumentTypeCode, TypeFields>>;
  }
> = {
  POI: {
    title: 'documents.poi.title',
    description: 'documents.poi.description',
    types: {
      PASSPORT: passport,
      DRIVERS_LICENSE: card({
        title: 'documents.drivingLicence.title',
        description: 'documents.drivingLicence.description',
        accepted: ['documents.accept.photocardLicence', 'documents.accept.bothSides'],
        refused: [...IDENTITY_REFUSED, 'documents.refuse.paperLicence'],
      }),
      NATIONAL_ID_CARD: card({
        title: 'documents.nationalIdCard.title',
        description: 'documents.nationalIdCard.description',
        accepted: ['documents.accept.validIdCard', 'documents.accept.bothSides'],
        refused: IDENTITY_REFUSED,
      }),
    },
  },
  // The address must be current: a bill or statement of the last 3 months; council tax is
  // billed once a year, so this year's bill (the last 12 months) is as current as it gets.
  POA: {
    title: 'documents.poa.title',
    description: 'documents.poa.description',
    types: {
      UTILITY_BILL: paper({
        title: 'documents.utilityBill.title',
        description: 'documents.utilityBill.description',
        accepted: ['documents.accept.utilityKinds', ...ADDRESS_ACCEPTED],
        refused: ['documents.refuse.mobileOrInsurance', 'documents.refuse.someoneElse'],
        recency: 'documents.recency.threeMonths',
      }),
      BANK_STATEMENT: paper({
        title: 'documents.bankStatement.title',
        description: 'documents.bankStatementAddress.description',
        accepted: ADDRESS_ACCEPTED,
        refused: ['documents.refuse.appScreenshot', 'documents.refuse.someoneElse'],
        recency: 'documents.recency.threeMonths',
      }),
      COUNCIL_TAX_BILL: paper({
        title: 'documents.councilTaxBill.title',
        description: 'documents.councilTaxBill.description',
        accepted: ['documents.accept.councilTaxYear', ...ADDRESS_ACCEPTED],
        refused: ['documents.refuse.someoneElse'],
        recency: 'documents.recency.twelveMonths',
      }),
    },
  },
  // Where the money comes from now: pay and statements of the last 3 months; a loan or savings
  // built up over the last 12.
  SOF: {
    title: 'documents.sof.title',
    description: 'documents.sof.description',
    types: {
      SALARY_SLIP: paper({
        title: 'documents.salarySlip.title',
        description: 'documents.salarySlip.description',
        accepted: ['documents.accept.payslipDetails', ...PAPER_ACCEPTED],
        refused: ['documents.refuse.handwritten', 'documents.refuse.someoneElse'],
        recency: 'documents.recency.threeMonths',
      }),
      BANK_STATEMENT: paper({
        title: 'documents.bankStatement.title',
        description: 'documents.bankStatementFunds.description',
        accepted: ['documents.accept.incomingMoney', ...PAPER_ACCEPTED],
        refused: ['documents.refuse.appScreenshot', 'documents.refuse.someoneElse'],
        recency: 'documents.recency.threeMonths',
      }),
      LOAN_AGREEMENT: paper({
        title: 'documents.loanAgreement.title',
        description: 'documents.loanAgreement.description',
        accepted: ['documents.accept.signedLoan', ...PAPER_ACCEPTED],
        refused: ['documents.refuse.unsignedLoan', 'documents.refuse.someoneElse'],
        recency: 'documents.recency.twelveMonths',
      }),
      SAVINGS_ACCOUNT_STATEMENT: paper({
        title: 'documents.savingsStatement.title',
        description: 'documents.savingsStatement.description',
        accepted: ['documents.accept.savingsBalance', ...PAPER_ACCEPTED],
        refused: ['documents.refuse.appScreenshot', 'documents.refuse.someoneElse'],
        recency: 'documents.recency.twelveMonths',
      }),
    },
  },
};

/** The catalogue, in the order the customer meets it: identity, address, funds. */
export const DOCUMENT_CATEGORIES: readonly DocumentCategoryDefinition[] = (
  Object.entries(definitions) as [DocumentCategoryCode, (typeof definitions)['POI']][]
).map(([code, category]) => ({
  id: stableId('document-category', code),
  code,
  title: category.title,
  description: category.description,
  types: (Object.entries(category.types) as [DocumentTypeCode, TypeFields][]).map(
    ([typeCode, fields]) => ({
      ...fields,
      id: stableId('document-type', code, typeCode),
      code: typeCode,
      category: code,
    }),
  ),
}));

const categoriesById = new Map(DOCUMENT_CATEGORIES.map((category) => [category.id, category]));
const categoriesByCode = new Map(DOCUMENT_CATEGORIES.map((category) => [category.code, category]));

/** A category by its id (any case), or undefined. */
export const categoryById = (id: string) => categoriesById.get(id.toLowerCase());

/** A category by its code; every code of the contracts has one. */
export function categoryByCode(code: DocumentCategoryCode): DocumentCategoryDefinition {
  const category = categoriesByCode.get(code);
  if (!category) throw new Error(`no document category ${code}`);
  return category;
}

/** A type of `category` by its id (any case): a type of another category is not found. */
export const typeById = (category: DocumentCategoryDefinition, id: string) =>
  category.types.find((type) => type.id === id.toLowerCase());

/** A type by its category and code, as a document row stores them. */
export function typeByCode(
  category: DocumentCategoryCode,
  code: string,
): DocumentTypeDefinition | undefined {
  return categoryByCode(category).types.find((type) => type.code === code);
}
