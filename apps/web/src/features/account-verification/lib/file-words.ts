import type { DocumentFileType } from '@corridor/contracts';
import { fileTypeNames } from './file-checks';

/** "JPEG, PNG or PDF" in the customer's language. */
export function fileTypeList(types: readonly DocumentFileType[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(
    types.map((type) => fileTypeNames[type]),
  );
}
