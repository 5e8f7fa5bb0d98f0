/**
 * How the build splits the app into files: every module the entry imports statically goes into
 * one file (`index`), the rest as the bundler splits it (a chunk per screen and per set of
 * screens sharing code). Left to itself, the bundler also cut the entry's own code into a file
 * per set of lazy screens sharing it: ten files on the first load that brotli compresses much
 * worse apart than together (139 KB against 130 KB for sign-in).
 */
/**
 * Small parts the sign-in, sign-up and password screens share with the signed-in ones (notices,
 * form errors, the XSRF call, the account paths): one file rather than one each, since every
 * file of a first load costs its own wrapper (issue 15 had split them into nine).
 */
const PUBLIC_FORM_PARTS = new RegExp(
  [
    'components/(slow-wait-notice|form-error-alert)',
    'lib/(slow-wait|use-async-action|parse-with)',
    'ui/notice',
    'features/accounts/(use-redirect-param|lib/(use-signed-in-redirect|xsrf-cookie|sign-in-notices)|components/email-field)',
  ]
    .map((part) => `/src/${part}\\.tsx?$`)
    .join('|')
    .concat('|/packages/contracts/src/account-paths\\.ts$'),
);

/**
 * TanStack Query, which only the signed-in screens use (the public ones do without, decision
 * 17): one file, where the bundler had cut it into five by the screens sharing each part, five
 * requests of the dashboard's first load.
 */
const QUERY_LIBRARY = /\/node_modules\/@tanstack\/(query-core|react-query)\//;

export const codeSplitting = {
  groups: [
    { name: 'index', tags: ['$initial' as const] },
    { name: 'public-forms', test: PUBLIC_FORM_PARTS },
    { name: 'query', test: QUERY_LIBRARY },
  ],
};
