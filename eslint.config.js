import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layersPlugin, serverLayers } from './eslint-rules/folder-layers.js';
import tableOwnership from './eslint-rules/table-ownership.js';

/**
 * The float guard for money code (docs/decisions/0011): amounts are bigint minor units and rates
 * are decimal strings, so a JavaScript `number` must never be multiplied, divided or parsed there.
 * Reported, with type information where it decides:
 * - `*`, `/`, `%`, `**` (and `*=`, `/=`, `%=`, `**=`) with an operand that is a number (or any);
 *   on bigints they are exact and allowed;
 * - fractional or exponent number literals (`0.1`, `1e-2`);
 * - `parseFloat`, `parseInt`, `Number(…)`, `new Number`, `Number.parseFloat/parseInt`, unary `+`;
 * - anything on `Math`, and `toFixed`/`toPrecision`/`toExponential` on a number (decimal.js's are fine).
 * `+` and `-` on numbers stay allowed: with every source of a fraction refused above, they only
 * move indexes and exponents. Time or counts in a money module that need more say so with
 * `// eslint-disable-next-line money/no-float-arithmetic -- not money: …`.
 */
const moneyPlugin = {
  meta: { name: 'corridor-money' },
  rules: {
    'no-float-arithmetic': {
      meta: {
        type: 'problem',
        docs: { description: 'No floating-point arithmetic in money code.' },
        schema: [],
        messages: {
          operator:
            '`{{operator}}` on a number in money code. Amounts are bigint minor units (lib/money.ts); rates are decimal strings.',
          literal: 'Fractional number literal `{{raw}}` in money code. Use a decimal string.',
          parse:
            '`{{name}}` makes a floating-point number. Parse amounts with Money.parse, rates with parseRate.',
          unaryPlus: 'Unary `+` makes a floating-point number. Parse amounts with Money.parse.',
          math: '`Math.{{name}}` is floating-point. Round with a named RoundingMode in lib/money.ts.',
          numberFormat:
            '`{{name}}` on a number rounds a float. Format amounts with Money.toWire / toDecimalString.',
        },
      },
      create(context) {
        const services = context.sourceCode.parserServices;
        const checker = services?.program?.getTypeChecker();
        const numberType = checker?.getNumberType();
        /** Without type information every operand is suspect. */
        const isNumber = (node) => {
          if (!checker || !numberType || !services.esTreeNodeToTSNodeMap) return true;
          const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
          return checker.isTypeAssignableTo(type, numberType);
        };
        const ARITHMETIC = new Set(['*', '/', '%', '**']);
        const isNamed = (node, name) => node.type === 'Identifier' && node.name === name;
        const memberName = (node) =>
          node.computed
            ? node.property.type === 'Literal'
              ? String(node.property.value)
              : null
            : node.property.name;
        return {
          BinaryExpression(node) {
            if (ARITHMETIC.has(node.operator) && (isNumber(node.left) || isNumber(node.right))) {
              context.report({ node, messageId: 'operator', data: { operator: node.operator } });
            }
          },
          AssignmentExpression(node) {
            const operator = node.operator.slice(0, -1);
            if (ARITHMETIC.has(operator) && (isNumber(node.left) || isNumber(node.right))) {
              context.report({ node, messageId: 'operator', data: { operator: node.operator } });
            }
          },
          Literal(node) {
            if (typeof node.value === 'number' && /^[\d_]*\.|^\d[\d_]*[eE]/.test(node.raw)) {
              context.report({ node, messageId: 'literal', data: { raw: node.raw } });
            }
          },
          UnaryExpression(node) {
            if (node.operator === '+') context.report({ node, messageId: 'unaryPlus' });
          },
          CallExpression(node) {
            const { callee } = node;
            if (['parseFloat', 'parseInt', 'Number'].some((name) => isNamed(callee, name))) {
              context.report({ node, messageId: 'parse', data: { name: callee.name } });
            } else if (callee.type === 'MemberExpression') {
              const name = memberName(callee);
              if (isNamed(callee.object, 'Number') && ['parseFloat', 'parseInt'].includes(name)) {
                context.report({ node, messageId: 'parse', data: { name: `Number.${name}` } });
              } else if (
                ['toFixed', 'toPrecision', 'toExponential'].includes(name) &&
                isNumber(callee.object)
              ) {
                context.report({ node, messageId: 'numberFormat', data: { name } });
              }
            }
          },
          NewExpression(node) {
            if (isNamed(node.callee, 'Number')) {
              context.report({ node, messageId: 'parse', data: { name: 'new Number' } });
            }
          },
          MemberExpression(node) {
            if (isNamed(node.object, 'Math')) {
              context.report({
                node,
                messageId: 'math',
                data: { name: memberName(node) ?? '[…]' },
              });
            }
          },
        };
      },
    },
  },
};

/** The function of `node`'s name, where it has one (a declaration, or a variable it is assigned to). */
function functionName(node) {
  if (node.id) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') {
    return parent.id.name;
  }
  if (parent?.type === 'Property' && parent.key.type === 'Identifier') return parent.key.name;
  return null;
}

/**
 * Layout rules of DEVELOPERS.md and issue 12:
 * - `max-function-lines`: no function over N lines of its own code (blank lines, comments and the
 *   bodies of the functions nested in it count for those, not for it), so a closure that holds
 *   ten small methods is judged by each method; a module's `create…Module` factory is exempt.
 * - `kebab-case-filename`: file names are kebab-case (dots separate roles: `x.routes.ts`).
 */
const corridorPlugin = {
  meta: { name: 'corridor-layout' },
  rules: {
    'max-function-lines': {
      meta: {
        type: 'suggestion',
        docs: { description: 'No function over the limit of its own lines.' },
        schema: [{ type: 'object', properties: { max: { type: 'integer' } } }],
        messages: {
          tooLong:
            '{{name}} has {{lines}} lines of its own code (at most {{max}}): split it by what it does.',
        },
      },
      create(context) {
        const max = context.options[0]?.max ?? 80;
        const { sourceCode } = context;
        const stack = [];
        const enter = () => stack.push([]);
        const exit = (node) => {
          const nested = stack.pop();
          stack.at(-1)?.push(node.body.range);
          const name = functionName(node);
          if (name && /^create[A-Z]\w*Module$/.test(name)) return;
          const lines = new Set();
          for (const token of sourceCode.getTokens(node)) {
            const inner = nested.some(
              ([from, to]) => token.range[0] >= from && token.range[1] <= to,
            );
            if (!inner) lines.add(token.loc.start.line);
          }
          if (lines.size > max) {
            context.report({
              node,
              loc: node.loc.start,
              messageId: 'tooLong',
              data: { name: name ? `\`${name}\`` : 'This function', lines: lines.size, max },
            });
          }
        };
        return {
          FunctionDeclaration: enter,
          FunctionExpression: enter,
          ArrowFunctionExpression: enter,
          'FunctionDeclaration:exit': exit,
          'FunctionExpression:exit': exit,
          'ArrowFunctionExpression:exit': exit,
        };
      },
    },
    'kebab-case-filename': {
      meta: {
        type: 'suggestion',
        docs: { description: 'File names are kebab-case.' },
        schema: [],
        messages: { notKebab: 'File name `{{name}}` is not kebab-case.' },
      },
      create(context) {
        const name = context.filename.split(/[\\/]/).at(-1) ?? '';
        return {
          Program(node) {
            if (!/^[a-z0-9]+(?:[-.][a-z0-9]+)*$/.test(name)) {
              context.report({
                node,
                loc: { line: 1, column: 0 },
                messageId: 'notKebab',
                data: { name },
              });
            }
          },
        };
      },
    },
  },
};

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'];
/** The composition root: what builds the app and the processes from the modules. */
const serverCompositionFiles = [
  'apps/server/src/app.ts',
  'apps/server/src/app/**/*.ts',
  'apps/server/src/main.ts',
  'apps/server/src/worker.ts',
  'apps/server/src/cli/**/*.ts',
];
const siblingModuleInternals = {
  regex: '^\\.\\./[a-z0-9-]+/(?!index\\.ts$)[^/]+$',
  message: 'Another module only through its index.ts.',
};
const moduleInternals = {
  regex: '(^|/)modules/[a-z0-9-]+/(?!index\\.ts$)[^/]+$',
  message: 'A module only through its index.ts.',
};
const serverCompositionRoot = {
  regex: '^(\\.\\./)+app(\\.ts|/.*)$',
  message: 'Nothing imports from the composition root (app.ts, app/): it imports the modules.',
};
// A feature's second entry, parts.ts, is what other screens render: lazy code imports it, so
// the router's static import of index.ts does not pull those parts into the first load.
const featureInternals = {
  regex: '^@/features/[^/]+/(?!parts$)',
  message:
    'Another feature only through its index.ts (@/features/<name>), or parts.ts from lazily loaded code.',
};
const webCompositionRoot = {
  regex: '^(@/app|(\\.\\./)+app)(/|$)',
  message: 'Nothing imports from app/: it composes the features.',
};
const webCompositionFiles = [
  'apps/web/src/app/**/*.{ts,tsx}',
  'apps/web/src/main.tsx',
  'apps/web/src/test/**',
];
/** One `no-restricted-imports` block (a later block for the same file replaces an earlier one). */
const restrictImports = (files, ignores, patterns) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
/** The web imports the wire's constants module by module: its index holds every API path. */
const wireIndex = {
  regex: '^@corridor/contracts/wire$',
  message:
    'Import from @corridor/contracts/wire/<module> (headers, routes, locales…): the index would put every API path in the first load.',
};
const leavingTheFeature = (depth) => ({
  regex: `^(\\.\\./){${depth + 1},}|^(\\.\\./){${depth}}(?!\\.)`,
  message: 'Outside this feature, import through @/ (another feature through @/features/<name>).',
});

/** Money code: the money modules of DESIGN §6 (their tests may use numbers to drive properties). */
const moneyFiles = [
  'apps/server/src/lib/money.ts',
  'apps/server/src/lib/decimal-arithmetic.ts',
  'packages/contracts/src/money.ts',
  'apps/server/src/modules/{quotes,transfers,payments,ledger,payouts,pricing,fx}/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Only the config module may read the environment (DEVELOPERS.md).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/config/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.' },
      ],
    },
  },
  {
    // Time comes from the injected clock (DESIGN §2), so time rules run on the test clock.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/lib/clock.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name="Date"][property.name="now"]',
          message: 'Use the injected clock (lib/clock.ts).',
        },
        {
          selector: 'NewExpression[callee.name="Date"][arguments.length=0]',
          message: 'Use the injected clock (lib/clock.ts).',
        },
        {
          selector:
            'TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/now\\(\\)/i]',
          message: "The database's now() bypasses the injected clock: pass the use case's time.",
        },
      ],
    },
  },
  {
    // Kebab-case file names and no import cycles, everywhere (DEVELOPERS.md, issue 12).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { corridor: corridorPlugin, 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too, or their imports (and so cycles) go unseen.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'corridor/kebab-case-filename': 'error',
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Use cases you can find by name: no function over 80 lines of its own, no file over 300.
    files: ['apps/server/src/**/*.ts'],
    ignores: serverTests,
    plugins: { corridor: corridorPlugin },
    rules: {
      'corridor/max-function-lines': ['error', { max: 80 }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Data tables, not logic: they may be long (the schema is one definition per table).
    files: ['apps/server/src/modules/customers/attribute-catalogue.ts'],
    rules: { 'max-lines': 'off' },
  },
  // A module reaches another only through its index.ts; nothing reaches the composition root.
  restrictImports(['apps/server/src/modules/**/*.ts'], serverTests, [
    siblingModuleInternals,
    serverCompositionRoot,
  ]),
  restrictImports(
    ['apps/server/src/**/*.ts'],
    ['apps/server/src/modules/**', ...serverTests, ...serverCompositionFiles],
    [moduleInternals, serverCompositionRoot],
  ),
  restrictImports(serverCompositionFiles, serverTests, [moduleInternals]),
  {
    // Folders are layers: a file imports from its own folder or one below (decision 0031). A
    // table's foreign key names the table it references wherever that lives (the idempotency
    // keys' customer): schemas are declarations, and who imports them is tables/ownership's.
    files: ['apps/server/src/**/*.ts'],
    ignores: [...serverTests, '**/*-test-kit.ts', 'apps/server/src/**/*.schema.ts'],
    plugins: { layers: layersPlugin },
    rules: {
      'layers/folder-layers': [
        'error',
        { root: `${import.meta.dirname}/apps/server/src`, layers: serverLayers },
      ],
    },
  },
  // A schema's foreign keys name other owners' tables; which code imports a table is the
  // table-ownership rule's (docs/decisions/0030): only its owner, tests arranging rows aside.
  restrictImports(['apps/server/src/**/*.schema.ts'], [], [serverCompositionRoot]),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [...serverTests, 'apps/server/src/**/*-test-kit.ts'],
    plugins: { tables: { rules: { ownership: tableOwnership } } },
    rules: { 'tables/ownership': 'error' },
  },
  // bulletproof-react: a feature reaches another only through its index.ts, and app/ (routes,
  // layouts, providers) composes the features, so nothing imports from it but the test harness.
  restrictImports(['apps/web/src/**/*.{ts,tsx}'], webCompositionFiles, [
    featureInternals,
    webCompositionRoot,
    wireIndex,
  ]),
  restrictImports(webCompositionFiles, [], [featureInternals, wireIndex]),
  // Within a feature, relative imports stay inside it; another feature is `@/features/<name>`.
  restrictImports(
    ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    [],
    [featureInternals, webCompositionRoot, wireIndex, leavingTheFeature(2)],
  ),
  restrictImports(
    ['apps/web/src/features/*/*.{ts,tsx}'],
    [],
    [featureInternals, webCompositionRoot, wireIndex, leavingTheFeature(1)],
  ),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The float guard: no floating-point arithmetic in money code (docs/decisions/0011).
    files: moneyFiles,
    ignores: ['**/*.test.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { money: moneyPlugin },
    rules: { 'money/no-float-arithmetic': 'error' },
  },
);
