import path from 'node:path';

/**
 * `layers/folder-layers`: the folders of a source root form layers, and a file imports only from
 * its own folder or a layer below it (docs/decisions/0031-one-assembly-and-folder-layers.md).
 * `import-x/no-cycle` sees loops between files; this sees the loops between folders that grow
 * one harmless file at a time (outbox/ → jobs/ → outbox/), and keeps a lower folder from
 * knowing what is built on it.
 *
 * Options: `root`, the absolute folder whose first-level entries are layered, and `layers`, those
 * entries (folder or file names) from the bottom up; entries on one line share a layer and may
 * import each other. A file in an entry that no layer names is reported, and so is an import of
 * one (the test harness, for one, sits above every layer: only tests import it), so a new folder
 * takes its place in the order before it is used. Relative specifiers only: the server imports
 * its own code by relative path, packages by name.
 */

/** The server's layers, bottom first (apps/server/src). */
export const serverLayers = [
  ['config'],
  ['i18n'],
  ['errors'],
  ['db'],
  ['lib'],
  ['jobs'],
  ['outbox'],
  ['plugins'],
  ['modules'],
  ['app', 'app.ts'],
  ['cli'],
  ['main.ts', 'worker.ts'],
];

/** The first-level entry of `root` that `file` is in, or undefined outside `root`. */
function entryOf(root, file) {
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep)[0];
}

const describe = (entry) => (entry.endsWith('.ts') ? entry : `${entry}/`);

export const folderLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder imports only from itself and the layers below it.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        '{{from}} must not import {{to}}: it is a higher layer. Layers, bottom first: {{order}}.',
      unplaced:
        '{{entry}} has no place in the folder layers: add it to the layers in eslint.config.js ({{order}}).',
    },
  },
  create(context) {
    const { root, layers } = context.options[0];
    const layerOf = new Map(layers.flatMap((names, index) => names.map((name) => [name, index])));
    const order = layers.map((names) => names.map(describe).join(' ')).join(' → ');
    const from = entryOf(root, context.filename);
    if (from === undefined) return {};
    const fromLayer = layerOf.get(from);

    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = entryOf(root, path.resolve(path.dirname(context.filename), source.value));
      if (to === undefined || to === from) return;
      const toLayer = layerOf.get(to);
      if (toLayer === undefined) {
        context.report({
          node: source,
          messageId: 'unplaced',
          data: { entry: describe(to), order },
        });
      } else if (fromLayer !== undefined && toLayer > fromLayer) {
        context.report({
          node: source,
          messageId: 'upward',
          data: { from: describe(from), to: describe(to), order },
        });
      }
    };

    return {
      Program(node) {
        if (fromLayer === undefined) {
          context.report({
            node,
            loc: { line: 1, column: 0 },
            messageId: 'unplaced',
            data: { entry: describe(from), order },
          });
        }
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
    };
  },
};

export const layersPlugin = {
  meta: { name: 'corridor-layers' },
  rules: { 'folder-layers': folderLayersRule },
};
