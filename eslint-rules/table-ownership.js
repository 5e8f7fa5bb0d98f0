import path from 'node:path';

/**
 * Each module owns its tables (docs/decisions/0030-modules-own-their-tables.md): a table is
 * declared in a `*.schema.ts` file beside its owner, and only the owner's own files import it.
 * The owner is the module (`modules/<name>/`, whatever sub-folder the schema sits in) or, for a
 * platform table, the folder of its schema file (`outbox/`, `jobs/`, `plugins/`, `lib/`).
 * Another part reads or writes those rows through the owner's service or port, handing it the
 * use case's executor. A schema file may import another's tables: its foreign keys name them.
 */

/** The folder that owns the tables of the schema file at `file` (an absolute path). */
export function ownerOf(file) {
  const parts = file.split(path.sep);
  const modules = parts.lastIndexOf('modules');
  if (modules !== -1 && modules < parts.length - 2) {
    return parts.slice(0, modules + 2).join(path.sep);
  }
  return path.dirname(file);
}

const isSchema = (file) => /\.schema(\.ts)?$/.test(file);

export default {
  meta: {
    type: 'problem',
    docs: { description: "Only a table's owner imports its schema." },
    schema: [],
    messages: {
      notOwner:
        "`{{source}}` holds tables of `{{owner}}`: read or write them through that part's service (or a port it exports), passing your executor (decision 30).",
    },
  },
  create(context) {
    const importer = path.resolve(context.filename);
    // A schema names the tables its foreign keys refer to.
    if (isSchema(importer)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.') || !isSchema(source)) return;
      const target = path.resolve(path.dirname(importer), source);
      const owner = ownerOf(target);
      if (importer.startsWith(owner + path.sep)) return;
      context.report({
        node: node.source,
        messageId: 'notOwner',
        data: { source, owner: path.basename(owner) },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
