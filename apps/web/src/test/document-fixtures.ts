import {
  customerDocumentSchema,
  documentCategorySchema,
  uploadTokenSchema,
  type Customer,
  type CustomerDocument,
  type UploadToken,
} from '@corridor/contracts';
import { HttpResponse, http } from 'msw';
import { customerFixture } from './fixtures';
import { server } from './msw-server';

// Identity documents as the server sends them (issue 16), checked against the contracts, with
// fixed ids so tests can send and expect them; and a stand-in for the browser's PUT to storage.

type DocumentCategory = Customer['pending_documents'][number];
type DocumentType = DocumentCategory['document_types'][number];

/** A fixed UUID for a document-related fixture: `kind` (1 hex digit) says what, `n` which. */
export const documentFixtureId = (kind: number, n: number) =>
  `d000000${kind.toString(16)}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const images = ['image/jpeg', 'image/png', 'image/webp'] as const;
const imagesAndPdf = [...images, 'application/pdf'] as const;

function typeFixture(
  n: number,
  overrides: Partial<DocumentType> & Pick<DocumentType, 'code' | 'title'>,
): DocumentType {
  return {
    id: documentFixtureId(2, n),
    description: null,
    public_upload: false,
    info: null,
    document_number_label: null,
    api: 'SYSTEM',
    accepted: [],
    refused: [],
    recency: null,
    sides: null,
    min_pages: 1,
    max_pages: 1,
    file_types: [...images],
    ...overrides,
  };
}

export const passportType = typeFixture(1, {
  code: 'PASSPORT',
  title: 'Passport',
  description: 'The page with your photo.',
  accepted: ['A valid passport from any country', 'The page with your photo and details'],
  refused: ['An expired passport', 'A photocopy or a screenshot'],
});
export const drivingLicenceType = typeFixture(2, {
  code: 'DRIVERS_LICENSE',
  title: 'Driving licence',
  accepted: ['A full or provisional photocard licence'],
  refused: ['A paper licence'],
  sides: ['front', 'back'],
  min_pages: 2,
  max_pages: 2,
});
export const idCardType = typeFixture(3, {
  code: 'NATIONAL_ID_CARD',
  title: 'National ID card',
  sides: ['front', 'back'],
  min_pages: 2,
  max_pages: 2,
});
export const bankStatementType = typeFixture(4, {
  code: 'BANK_STATEMENT',
  title: 'Bank statement',
  accepted: ['A statement showing your name and address'],
  refused: ['A mobile banking screenshot'],
  recency: 'Issued in the last 3 months',
  max_pages: 10,
  file_types: [...imagesAndPdf],
});
export const utilityBillType = typeFixture(5, {
  code: 'UTILITY_BILL',
  title: 'Utility bill',
  recency: 'Issued in the last 3 months',
  max_pages: 10,
  file_types: [...imagesAndPdf],
});
export const salarySlipType = typeFixture(6, {
  code: 'SALARY_SLIP',
  title: 'Salary slip',
  max_pages: 10,
  file_types: [...imagesAndPdf],
});

function categoryFixture(
  n: number,
  code: string,
  title: string,
  types: DocumentType[],
): DocumentCategory {
  return documentCategorySchema.parse({
    id: documentFixtureId(1, n),
    code,
    title,
    description: `${title}: what it is for.`,
    document_types: types,
  });
}

export const poiCategory = categoryFixture(1, 'POI', 'Proof of identity', [
  passportType,
  drivingLicenceType,
  idCardType,
]);
export const poaCategory = categoryFixture(2, 'POA', 'Proof of address', [
  utilityBillType,
  bankStatementType,
]);
export const sofCategory = categoryFixture(3, 'SOF', 'Source of funds', [salarySlipType]);
export const documentCategoriesFixture = [poiCategory, poaCategory, sofCategory];

const statusTitles: Readonly<Record<string, string>> = {
  'pending-verification': 'Pending verification',
  processing: 'Processing',
  'review-required': 'Review required',
  approved: 'Approved',
  rejected: 'Rejected',
};

export interface DocumentFixtureOptions {
  n: number;
  category?: DocumentCategory;
  type?: DocumentType;
  status?: string;
  reason?: string | null;
  createdAt?: string;
  reviewedAt?: string | null;
}

/** A document the customer sent; a passport being checked unless `options` say otherwise. */
export function customerDocumentFixture({
  n,
  category = poiCategory,
  type = passportType,
  status = 'pending-verification',
  reason = null,
  createdAt = '2026-11-20T09:30:00.000Z',
  reviewedAt = null,
}: DocumentFixtureOptions): CustomerDocument {
  return customerDocumentSchema.parse({
    id: documentFixtureId(3, n),
    document_category: {
      id: category.id,
      code: category.code,
      title: category.title,
      description: category.description,
    },
    document_type: type,
    status_code: status,
    status_title: statusTitles[status] ?? status,
    created_at: createdAt,
    updated_at: reviewedAt ?? createdAt,
    rejection_reason: reason,
    reviewed_at: reviewedAt,
    pages: [
      {
        id: documentFixtureId(4, n),
        number: 1,
        file_name: 'passport.jpg',
        content_type: 'image/jpeg',
        size_bytes: 1200,
      },
    ],
  });
}

/** A signed-in customer with these documents and owed categories. */
export function customerWithDocuments(
  documents: CustomerDocument[],
  owed: DocumentCategory[] = [],
  overrides: Partial<Customer> = {},
): Customer {
  return { ...customerFixture(), documents, pending_documents: owed, ...overrides };
}

// --- the API, served by msw ------------------------------------------------------------------

export interface DocumentApiOptions {
  /** The customer GET /profile answers; read at each request, so a test can change it. */
  profile?: () => Customer;
  categories?: DocumentCategory[];
  /** The token call's answer; a signed URL of the fake storage by default. */
  token?: (query: URLSearchParams, n: number) => Response | UploadToken;
  /** The answer to POST document/upload; undefined for the default: the profile with a new document. */
  upload?: (body: { pages: string[] }, query: URLSearchParams) => Response | Customer | undefined;
  /** The answer to POST apply-info-from-poi; the profile by default. */
  applyInfo?: () => Response | Customer;
}

export interface ServedDocumentApi {
  profiles: number;
  tokens: URLSearchParams[];
  uploads: { query: URLSearchParams; body: { pages: string[] }; idempotencyKey: string | null }[];
  applyInfo: number;
}

/** The signed URL the fake storage gives for the `n`th token. */
export const storageUrl = (n: number) =>
  `https://storage.test/documents/upload-${n}?signature=s${n}`;

/** An upload token as the server answers it. */
export function uploadTokenFixture(n: number): UploadToken {
  return uploadTokenSchema.parse({
    token: storageUrl(n),
    object_key: `documents/key-${n}`,
    expires_at: '2026-11-24T12:30:00.000Z',
    max_bytes: 10 * 1024 * 1024,
    headers: { 'Content-Type': 'image/jpeg', 'x-amz-meta-n': String(n) },
  });
}

/** Serves the account-verification screens' calls, recording what was asked. */
export function serveDocumentApi(options: DocumentApiOptions = {}): ServedDocumentApi {
  const served: ServedDocumentApi = { profiles: 0, tokens: [], uploads: [], applyInfo: 0 };
  const profile = options.profile ?? (() => customerWithDocuments([]));
  server.use(
    http.get('/client/v1/profile', () => {
      served.profiles += 1;
      return HttpResponse.json(profile());
    }),
    http.get('/client/v1/document-categories', () =>
      HttpResponse.json(options.categories ?? documentCategoriesFixture),
    ),
    http.get('/client/v1/account-verification/token/:categoryId/:typeId', ({ request }) => {
      const query = new URL(request.url).searchParams;
      served.tokens.push(query);
      const answer =
        options.token?.(query, served.tokens.length) ?? uploadTokenFixture(served.tokens.length);
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
    http.post('/client/v1/document/upload', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      const body = (await request.json()) as { pages: string[] };
      served.uploads.push({ query, body, idempotencyKey: request.headers.get('Idempotency-Key') });
      const answer =
        options.upload?.(body, query) ??
        customerWithDocuments([customerDocumentFixture({ n: 90 }), ...profile().documents]);
      return answer instanceof Response ? answer : HttpResponse.json(answer, { status: 201 });
    }),
    http.post('/client/v1/apply-info-from-poi', () => {
      served.applyInfo += 1;
      const answer = options.applyInfo?.() ?? profile();
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return served;
}

/** A 412 the token call answers while the profile is incomplete. */
export function preconditionFailed(type: string, message = 'Complete your profile first.') {
  return HttpResponse.json({ type, message }, { status: 412 });
}
