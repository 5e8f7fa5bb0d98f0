import type { DisclosureTexts } from '@corridor/contracts/wire/disclosure-texts';
import { defineCatalogue } from '@/i18n';

/**
 * The full-cost disclosure's words: the contracts' catalogue, shared with the server's receipt
 * (docs/product/sending-money.md#receipts-and-statements), one language's module loaded at a time.
 */
export const disclosureMessages = defineCatalogue<DisclosureTexts>({
  en: () => import('@corridor/contracts/wire/disclosure-texts-en'),
  es: () => import('@corridor/contracts/wire/disclosure-texts-es'),
});
