import { accountPaths } from './account-paths.ts';
import { CSRF_COOKIE_PATH } from './headers.ts';

/** API paths the web app calls, written once. */
export const apiPaths = {
  csrfCookie: CSRF_COOKIE_PATH,
  ...accountPaths,
  countries: '/client/v1/countries',
  sourceCountries: '/client/v1/countries/source',
  updateCountry: '/client/v1/update-country',
  updateAttributes: '/client/v1/update',
  updateMobileNumber: '/client/v1/update-mobile-number',
  tasks: '/client/v1/tasks',
  profileLocale: '/client/v1/profile/locale',
  resendEmailVerification: '/client/v1/resend-email-verification',
  verifyEmailAddress: '/client/v1/verify-email-address',
  changePassword: '/client/v1/change-password',
  devices: '/client/v1/devices',
  signOutOtherDevices: '/client/v1/devices/sign-out-others',
  countryWaitlist: '/client/v1/country-waitlist',
  device: (id: string) => `/client/v1/device/${encodeURIComponent(id)}`,
  devMailbox: '/dev/mailbox.json',
  realtimeConfig: '/client/v1/realtime-config',
  broadcastingAuth: '/broadcasting/auth',
  broadcastingUserAuth: '/broadcasting/user-auth',
  relationships: '/client/v1/resources/relationships',
  occupations: '/client/v1/resources/occupations',
  currencySalaryRanges: '/client/v1/resources/currency-salary-ranges',
  payoutTargets: '/client/v1/payout/targets',
  payoutMethods: '/client/v1/payout/methods',
  rateHistory: '/client/v1/rates/history',
  payoutChannel: '/client/v1/payout/channel',
  subDeliveryOptions: (id: string) =>
    `/client/v1/resources/sub-delivery-options/${encodeURIComponent(id)}`,
  quote: '/client/v1/quote',
  quoteById: (id: string) => `/client/v1/quote/${encodeURIComponent(id)}`,
  quoteRecipient: (id: string) => `/client/v1/quote/recipient/${encodeURIComponent(id)}`,
  quoteConfirm: (id: string) => `/client/v1/quote/confirm/${encodeURIComponent(id)}`,
  transactions: '/client/v1/transactions',
  recipients: '/client/v1/recipients',
  recipientsWhisper: '/client/v1/recipients/whisper',
  addRecipient: '/client/v1/recipients/add',
  recipient: (id: string) => `/client/v1/recipient/${encodeURIComponent(id)}`,
  editRecipient: (id: string) => `/client/v1/recipient/edit/${encodeURIComponent(id)}`,
  recipientSendMoney: (id: string) => `/client/v1/recipient/send-money/${encodeURIComponent(id)}`,
  nameLookup: (channelId: string) =>
    `/client/v1/recipient/name-lookup/${encodeURIComponent(channelId)}`,
  documentCategories: '/client/v1/document-categories',
  uploadToken: (categoryId: string, typeId: string) =>
    `/client/v1/account-verification/token/${encodeURIComponent(categoryId)}/${encodeURIComponent(typeId)}`,
  livelinessToken: '/client/v1/account-verification/liveliness-token',
  documentUpload: '/client/v1/document/upload',
  documentPage: (documentId: string, pageId: string) =>
    `/client/v1/document/${encodeURIComponent(documentId)}/page/${encodeURIComponent(pageId)}`,
  applyInfoFromPoi: '/client/v1/apply-info-from-poi',
  transaction: (id: string) => `/client/v1/transaction/${encodeURIComponent(id)}`,
  paymentSent: (paymentId: string) =>
    `/client/v1/transaction/payment-sent/${encodeURIComponent(paymentId)}`,
  paymentRetry: (transactionId: string) =>
    `/client/v1/transaction/payment/${encodeURIComponent(transactionId)}`,
  paymentCancel: (transactionId: string) =>
    `/client/v1/transaction/payment/${encodeURIComponent(transactionId)}/cancel`,
  paymentCurrencies: '/client/v1/transaction/payment/currencies',
  transactionCancel: (id: string) => `/client/v1/transaction/${encodeURIComponent(id)}/cancel`,
  transactionReceipt: (id: string) => `/client/v1/transaction/${encodeURIComponent(id)}/receipt`,
  statement: '/client/v1/transaction/statement',
  statements: '/client/v1/transaction/statements',
  /** A READY statement's file (`download_url`): its owner only, 410 once it has expired. */
  statementDownload: (id: string) =>
    `/client/v1/transaction/statement/${encodeURIComponent(id)}/download`,
} as const;

/** Route patterns with their parameters, as the server registers them. */
export const routePatterns = {
  device: '/client/v1/device/:id',
  subDeliveryOptions: '/client/v1/resources/sub-delivery-options/:id',
  quoteById: '/client/v1/quote/:id',
  quoteRecipient: '/client/v1/quote/recipient/:id',
  recipient: '/client/v1/recipient/:id',
  editRecipient: '/client/v1/recipient/edit/:id',
  recipientSendMoney: '/client/v1/recipient/send-money/:id',
  nameLookup: '/client/v1/recipient/name-lookup/:channelId',
  uploadToken: '/client/v1/account-verification/token/:categoryId/:typeId',
  documentPage: '/client/v1/document/:documentId/page/:pageId',
  quoteConfirm: '/client/v1/quote/confirm/:id',
  transaction: '/client/v1/transaction/:id',
  paymentSent: '/client/v1/transaction/payment-sent/:id',
  paymentRetry: '/client/v1/transaction/payment/:id',
  paymentCancel: '/client/v1/transaction/payment/:id/cancel',
  transactionCancel: '/client/v1/transaction/:id/cancel',
  transactionReceipt: '/client/v1/transaction/:id/receipt',
  statementDownload: '/client/v1/transaction/statement/:id/download',
} as const;

/** Paths the server owns; everything else under GET is the SPA (history mode). */
export const serverPathPrefixes = [
  '/client/',
  '/sanctum/',
  '/broadcasting/',
  '/apps/',
  '/app/',
  '/dev/',
  '/docs',
  '/healthz',
  '/readyz',
  // Signed uploads to the local document folder, and the sandbox providers' own pages.
  '/storage/',
  '/sandbox/',
  // Payment providers' signed callbacks (docs/decisions/0046-signed-provider-callbacks.md).
  '/webhooks/',
] as const;
