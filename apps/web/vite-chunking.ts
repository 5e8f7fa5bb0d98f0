import { build, type InlineConfig, type Rollup } from 'vite';
import {
  ENTRY,
  SIGNED_IN_FRAME,
  SIGNED_IN_HOME,
  SIGN_IN,
  START_AFTER_FIRST_PAINT,
  publicScreenFiles,
  screenFileOf,
} from './vite-app-shape.ts';
import { withStaticImports } from './vite-route-preloads.ts';

/*
 * How the build splits the app into files: every module the entry imports statically goes into
 * one file (`index`); the sign-in screen and the small parts the public forms share into
 * another; the signed-in first load into two (below); the rest as the bundler splits it (a chunk
 * per screen and per set of screens sharing code). Left to itself, the bundler also cut the
 * entry's own code into a file per set of lazy screens sharing it: ten files on the first load
 * that brotli compresses much worse apart than together (139 KB against 130 KB for sign-in).
 */

/**
 * Small parts the sign-in, sign-up and password screens share with the signed-in ones (notices,
 * form errors, the XSRF call, the account paths): one file with the sign-in screen's own
 * (`public-forms`) rather than one each, since every file of a first load costs its own wrapper
 * and its list of imports (issue 15 had split them into nine; the sign-in screen, its password
 * and checkbox fields were three more, 0.8 KB and two requests of sign-in's 120 KB).
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
 * The entry and everything it imports statically: one file, `index`. Not the prerendered page's
 * script, an entry too, which must stay a file of its own.
 */
const INDEX_GROUP = {
  name: 'index',
  tags: ['$initial' as const],
  test: (moduleId: string) => moduleId !== START_AFTER_FIRST_PAINT,
};

type Chunk = Rollup.OutputChunk;

/** A feature's message catalogue (decision 19), kept in a file of its own per language. */
const CATALOGUE = /\/messages\/(index\.ts|[a-z]+\.json)$/;

/** The modules of the chunks holding `roots` and of every chunk those import statically. */
function modulesLoadedWith(chunks: Chunk[], roots: string[]): Set<string> {
  const bundle = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk]));
  const holders = roots.map((root) => {
    const holder = chunks.find((chunk) => chunk.moduleIds.includes(root));
    if (holder === undefined) throw new Error(`chunking: no chunk holds ${root}`);
    return holder.fileName;
  });
  return new Set(
    [...withStaticImports(bundle, holders)].flatMap(
      (fileName) => bundle[fileName]?.moduleIds ?? [],
    ),
  );
}

/**
 * The signed-in first load in two files, where the bundler had cut it into 33 by the sets of
 * screens sharing each part: Lighthouse's phone has six connections and a 150 ms round trip,
 * so the dashboard waited for rounds of small requests (issue 13). `shared`: what the signed-in
 * frame and home share with the public screens after sign-in (inputs, alerts, the route paths,
 * the wire schemas); `signed-in`: the rest of the frame every signed-in screen renders in
 * (TanStack Query, the session, realtime) and of the dashboard (the calculator: a file of its
 * own, it was one more request the dashboard's largest paint waited for; the screens without a
 * calculator load its 10 KB with the frame). What sign-in itself loads stays out of both, so
 * its page loads neither.
 *
 * Which screen uses which module is read from the bundler's own split (`chunks`, a first build
 * with no groups but the entry's): only it knows which of a package's parts a screen really uses
 * (walking imports, every screen reaches all of Mantine through its index).
 */
function firstLoadGroups(
  chunks: Chunk[],
  initial: Set<string>,
  signIn: Set<string>,
): Map<string, string> {
  const publicScreens = modulesLoadedWith(chunks, publicScreenFiles());
  const frame = modulesLoadedWith(chunks, SIGNED_IN_FRAME);
  const home = modulesLoadedWith(chunks, [screenFileOf(SIGNED_IN_HOME)]);
  const groups = new Map<string, string>();
  for (const id of new Set([...frame, ...home])) {
    if (initial.has(id) || signIn.has(id)) continue;
    groups.set(id, publicScreens.has(id) ? 'shared' : 'signed-in');
  }
  return groups;
}

/**
 * What joins the signed-in frame's files though the frame itself does not load it: the tones'
 * stylesheet (toasts, badges, avatars, timelines), which the bundler's first build does not list
 * with the frame's modules, and the rest of TanStack Query (its mutations: ten signed-in screens
 * of thirteen, the wizard, pay and a transaction's page among them). Left to the bundler, each
 * was a file of its own, 0.2 KB and 0.9 KB, a request more on those screens' path to their
 * largest paint (issue 31); the dashboard and the list now load the mutations' 0.9 KB too.
 */
const WITH_SIGNED_IN_FRAME =
  /\/src\/ui\/tones\.css$|\/node_modules\/@tanstack\/(react-query|query-core)\//;

/** The money screens (issue 31): pay (the card's return in its chunk), a transaction, the list. */
const MONEY_ROUTES = ['makePayment', 'paymentCallback', 'viewTransaction', 'transactions'];
/** The other screens with a first-load budget of their own, which load none of `money`. */
const BUDGETED_ROUTES = ['transferWizard', SIGNED_IN_HOME];

/**
 * What the money screens load beside their own chunks and the signed-in frame (the transfer
 * watch, its flags and query keys, the state icon, the transactions catalogue's loader, and the
 * small parts of the design system they draw: page header, status badge, empty state, pager,
 * definition list, relative time): one file, `money`, and one stylesheet, where the bundler cut
 * them into a file (and a stylesheet) per set of screens sharing each, 0.1–2 KB. Each was a
 * request on the screens' path to their largest paint, as Lighthouse's phone (six connections, a
 * 150 ms round trip) counts it: the list's largest paint 3.1 → 2.6–2.8 s (issue 31). A screen
 * now loads the others' part of it too, a few KB at most; the other signed-in screens that draw
 * one of those parts load it too. What the screens with a budget of their own (sign-in, the
 * dashboard, the transfer wizard) load stays out of it, so their first loads do not change.
 */
function moneyGroup(chunks: Chunk[]): Set<string> {
  const screenFiles = (names: string[]) => names.map((name) => screenFileOf(name));
  const money = modulesLoadedWith(chunks, screenFiles(MONEY_ROUTES));
  const others = modulesLoadedWith(chunks, [
    ...screenFiles(BUDGETED_ROUTES),
    ...publicScreenFiles(),
  ]);
  // The screens' own chunks stay theirs: grouped, each would be a file of re-exports more.
  const own = new Set(
    screenFiles(MONEY_ROUTES).flatMap(
      (file) => chunks.find((chunk) => chunk.moduleIds.includes(file))?.moduleIds ?? [],
    ),
  );
  // A catalogue (decision 19) only when every money screen reads it: a screen's page names the
  // languages of each catalogue in its files. Never its languages: one file each.
  const readByAll = (id: string) =>
    MONEY_ROUTES.every((name) => modulesLoadedWith(chunks, [screenFileOf(name)]).has(id));
  return new Set(
    [...money].filter(
      (id) =>
        !others.has(id) &&
        !own.has(id) &&
        !id.endsWith('.json') &&
        (!CATALOGUE.test(id) || readByAll(id)),
    ),
  );
}

/**
 * Mantine's Modal and what it brings, fetched once a screen has painted (ui/modal-on-demand.tsx)
 * or with a dialog's own chunk. Once no first load imported the Modal, the bundler cut it in two
 * (the screens with a select but no dialog share half of it): a file more, and 0.7 KB more, for
 * every screen that opens a dialog, which took the transfer wizard past its budget. One file, as
 * when it came with the screens.
 */
const DIALOG_PARTS = ['ModalBase/ModalBase.mjs', 'FocusTrap/FocusTrap.mjs'].map(
  (file) => `/@mantine/core/esm/components/${file}`,
);

/** The modules of the chunks holding DIALOG_PARTS, by the group they go to. */
function dialogGroup(chunks: Chunk[]): Map<string, string> {
  const holders = chunks.filter((chunk) =>
    chunk.moduleIds.some((id) => DIALOG_PARTS.some((part) => id.endsWith(part))),
  );
  if (holders.length === 0) throw new Error("chunking: no chunk holds Mantine's Modal");
  return new Map(holders.flatMap((chunk) => chunk.moduleIds).map((id) => [id, 'Modal']));
}

/** The transfer wizard's feature folder: its screen and the steps it loads on demand. */
const WIZARD_FEATURE = '/src/features/transfer/';

/**
 * The wizard's own small parts (its steps' shared heading, the verification step, the
 * recipient choice, the focus and countdown hooks, …) in the screen's file, where the bundler
 * cut them into a file each because the steps it loads on demand share them: eleven requests
 * beside the screen's own on its first load, each with its headers, on the path to its largest
 * paint (issue 31; the money screens' `money` did the same for them). Only what no other
 * feature's screen, dialog or loader can load: another screen never fetches the wizard's file.
 */
function wizardGroup(chunks: Chunk[]): Set<string> {
  const screen = screenFileOf('transferWizard');
  const wizard = modulesLoadedWith(chunks, [screen]);
  const otherEntries = chunks.flatMap((chunk) =>
    chunk.isDynamicEntry && chunk.facadeModuleId && !chunk.facadeModuleId.includes(WIZARD_FEATURE)
      ? [chunk.facadeModuleId]
      : [],
  );
  const others = modulesLoadedWith(chunks, [ENTRY, ...otherEntries]);
  return new Set(
    // Not the screen itself: a module its route imports dynamically, grouped, becomes a file
    // of re-exports of its own (rolldown's facade), a request more. Nor the catalogues' words,
    // a file per language (decision 19).
    [...wizard].filter((id) => id !== screen && !others.has(id) && !id.endsWith('.json')),
  );
}

/**
 * How the build splits the app (`build.rolldownOptions.output.codeSplitting`), planned on the
 * bundler's own split of `config` (built first, in memory).
 */
export async function planCodeSplitting(config: InlineConfig) {
  const output = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: {
      ...config.build,
      write: false,
      rolldownOptions: { output: { codeSplitting: { groups: [INDEX_GROUP] } } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output.filter((file): file is Chunk => file.type === 'chunk') : [],
  );
  const initial = modulesLoadedWith(chunks, [ENTRY]);
  const signIn = modulesLoadedWith(chunks, [screenFileOf(SIGN_IN)]);
  const groups = firstLoadGroups(chunks, initial, signIn);
  for (const id of moneyGroup(chunks)) {
    if (!groups.has(id) && !initial.has(id) && !signIn.has(id)) groups.set(id, 'money');
  }
  for (const id of wizardGroup(chunks)) {
    if (!groups.has(id) && !initial.has(id) && !signIn.has(id)) groups.set(id, 'transfer-wizard');
  }
  for (const [id, name] of dialogGroup(chunks)) {
    if (!groups.has(id) && !initial.has(id) && !signIn.has(id)) groups.set(id, name);
  }
  return {
    groups: [
      INDEX_GROUP,
      {
        name: 'public-forms',
        // Not the screen's catalogues: one file per language, so only the active one loads.
        test: (moduleId: string) =>
          PUBLIC_FORM_PARTS.test(moduleId) ||
          (signIn.has(moduleId) && !initial.has(moduleId) && !CATALOGUE.test(moduleId)),
      },
      {
        name: (moduleId: string) =>
          groups.get(moduleId) ??
          (WITH_SIGNED_IN_FRAME.test(moduleId) && !initial.has(moduleId) && !signIn.has(moduleId)
            ? 'signed-in'
            : null),
        // Only the modules named: a group's imports would otherwise join it, sign-in's too.
        includeDependenciesRecursively: false,
      },
    ],
  };
}
