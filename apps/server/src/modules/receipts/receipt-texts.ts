import type { Locale } from '@corridor/contracts';

/**
 * The words of the receipt and the statement PDFs around the disclosure's own lines
 * (docs/product/sending-money.md#receipts-and-statements), in each language Corridor speaks.
 */
export interface ReceiptTexts {
  receipt: string;
  transfer: string;
  date: string;
  status: string;
  recipient: string;
  payoutMethod: string;
  replaced: string;
  sandbox: string;
  statement: string;
  period: (start: string, end: string) => string;
  currency: (code: string) => string;
  allCurrencies: string;
  none: string;
  totals: string;
  columns: [
    date: string,
    number: string,
    recipient: string,
    sent: string,
    fee: string,
    paid: string,
    received: string,
    status: string,
  ];
}

const en: ReceiptTexts = {
  receipt: 'Receipt',
  transfer: 'Transfer',
  date: 'Date',
  status: 'Status',
  recipient: 'Recipient',
  payoutMethod: 'Paid out by',
  replaced:
    'Some characters could not be printed in this PDF and are shown as "?". The Corridor app shows them in full.',
  sandbox: 'Sandbox: no real money moves.',
  statement: 'Statement',
  period: (start, end) => `Transfers made from ${start} to ${end} (UTC days)`,
  currency: (code) => `Paid in ${code}`,
  allCurrencies: 'Every currency you paid in',
  none: 'You made no transfers in this period.',
  totals: 'Totals',
  columns: ['Date', 'Transfer', 'Recipient', 'Sent', 'Fee', 'Paid', 'Received', 'Status'],
};

const es: ReceiptTexts = {
  receipt: 'Recibo',
  transfer: 'Transferencia',
  date: 'Fecha',
  status: 'Estado',
  recipient: 'Destinatario',
  payoutMethod: 'Pago mediante',
  replaced:
    'Algunos caracteres no se pueden imprimir en este PDF y aparecen como "?". La aplicación de Corridor los muestra completos.',
  sandbox: 'Sandbox: no se mueve dinero real.',
  statement: 'Extracto',
  period: (start, end) => `Transferencias hechas del ${start} al ${end} (días UTC)`,
  currency: (code) => `Pagadas en ${code}`,
  allCurrencies: 'Todas las monedas en que pagaste',
  none: 'No hiciste transferencias en este periodo.',
  totals: 'Totales',
  columns: [
    'Fecha',
    'Transferencia',
    'Destinatario',
    'Enviado',
    'Comisión',
    'Pagado',
    'Recibido',
    'Estado',
  ],
};

export const receiptTexts: Record<Locale, ReceiptTexts> = { en, es };
