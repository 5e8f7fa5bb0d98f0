import type { Rule } from 'eslint';

/** The folder that owns the tables of the schema file at `file` (an absolute path). */
export function ownerOf(file: string): string;

declare const tableOwnership: Rule.RuleModule;
export default tableOwnership;
