/**
 * Real formats of payout details, each a pure check with published test vectors: IBAN, Indian
 * IFSC, Nigerian NUBAN, Mexican CLABE, UK sort code and account number, mobile numbers, and the
 * length rules of bank account numbers without a check digit.
 */
export {
  BANK_ACCOUNT_RULES,
  checkBankAccountNumber,
  checkDigits,
  digitsPattern,
  JP_BRANCH_CODE_RULE,
  type BankAccountCountry,
  type DigitsCheck,
  type DigitsRule,
} from './bank-account-number.ts';
export { checkClabe, clabeCheckDigit, type ClabeCheck, type ClabeProblem } from './clabe.ts';
export {
  checkIban,
  formatIban,
  hasValidIbanChecksum,
  IBAN_SPECS,
  ibanInputPattern,
  ibanMask,
  ibanPrintLength,
  isIbanCountry,
  normaliseIban,
  type IbanCheck,
  type IbanCountry,
  type IbanProblem,
} from './iban.ts';
export { checkIfsc, IFSC_INPUT_PATTERN, IFSC_PATTERN, type IfscCheck } from './ifsc.ts';
export { checkMobileNumber, type MobileNumberCheck } from './mobile-number.ts';
export { checkNuban, nubanCheckDigit, type NubanCheck, type NubanProblem } from './nuban.ts';
export {
  checkSortCode,
  checkUkAccountNumber,
  formatSortCode,
  type UkBankCheck,
} from './uk-bank.ts';
