import type { DisclosureTexts } from './disclosure-texts.ts';

/** The disclosure's English words, the source (disclosure-texts.ts). */
const en: DisclosureTexts = {
  title: 'What you pay and what arrives',
  amountSent: 'Amount sent',
  fee: 'Transfer fee',
  midMarketRate: 'Mid-market rate',
  ourRate: 'Our exchange rate',
  markup: 'Our markup on the rate',
  markupValue: '{percent}% over the mid-market rate',
  totalCost: 'Total cost (fee and markup)',
  totalCostValue: '{amount} ({percent}% of what you send)',
  total: 'Total (amount sent and fee)',
  recipientGets: 'Amount the recipient receives',
  availableBy: 'Available to the recipient by',
  cancel: 'Your right to cancel',
  cancelValue:
    'Cancel free {window} and get back all you paid, unless it has been paid out: choose Cancel on the transfer, or write to {email}.',
  cancelUntil: 'until {until}',
  cancelAfterPaying: 'for 30 minutes after you pay',
  dispute: 'Your right to dispute',
  disputeValue:
    'If something goes wrong with {transfer}, write to {email} within 180 days of the date above; we answer within 90 days.',
  yourTransfer: 'your transfer',
  transferNumbered: 'transfer {number}',
};

export default en;
