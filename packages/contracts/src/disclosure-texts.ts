import type { Locale } from './locales.ts';
import en from './disclosure-texts-en.ts';
import es from './disclosure-texts-es.ts';

/**
 * The words of the full-cost disclosure (docs/product/sending-money.md#receipts-and-statements),
 * a message catalogue shared by the web's confirm step and the server's receipt: English is the
 * source, Spanish addresses the reader as "tú". `{name}` placeholders are filled by disclosure.ts.
 * One module per language, so a browser loads only its own (`@corridor/contracts/wire/disclosure-texts-en`).
 */

/** Plain strings only, so a web catalogue can hold them. */
export type DisclosureTexts = {
  title: string;
  amountSent: string;
  fee: string;
  midMarketRate: string;
  ourRate: string;
  markup: string;
  markupValue: string;
  totalCost: string;
  totalCostValue: string;
  total: string;
  recipientGets: string;
  availableBy: string;
  cancel: string;
  cancelValue: string;
  cancelUntil: string;
  cancelAfterPaying: string;
  dispute: string;
  disputeValue: string;
  yourTransfer: string;
  transferNumbered: string;
};

/** Both languages: what the server writes receipts with (a browser loads one module). */
export const disclosureTexts: Record<Locale, DisclosureTexts> = { en, es };
