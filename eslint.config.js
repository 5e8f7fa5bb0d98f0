import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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

/** Money code: the money modules of DESIGN §6 (their tests may use numbers to drive properties). */
const moneyFiles = [
  'apps/server/src/lib/money.ts',
  'apps/server/src/lib/decimal-arithmetic.ts',
  'packages/contracts/src/money.ts',
  'apps/server/src/modules/{quotes,transfers,payments,ledger,payouts}/**/*.ts',
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
