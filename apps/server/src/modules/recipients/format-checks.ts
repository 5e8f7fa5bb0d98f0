import { apiText, countryNameOf } from '../../i18n/index.ts';
import { optionNamed, readText, requiredMessage, type ErrorList } from './attribute-checks.ts';
import {
  subDeliveryOptions,
  type AttributeFormat,
  type ChannelAttribute,
  type PayoutChannel,
} from './channels/index.ts';
import {
  checkClabe,
  checkDigits,
  checkIban,
  checkIfsc,
  checkMobileNumber,
  checkNuban,
  IBAN_SPECS,
  type IbanProblem,
} from './formats/index.ts';
import type { MobileNumberValue, RecipientValidationContext } from './recipient-values.ts';

/** A checked value in its stored form, or why it is refused. */
export type FormatOutcome = { value: string } | { problem: string };

const englishName = (iso2: string): string => countryNameOf(iso2, 'en') ?? iso2;

/** The option chosen in another attribute of the same form (the bank), if it is one of its. */
function chosenOption(
  channel: PayoutChannel,
  key: string,
  body: Readonly<Record<string, unknown>>,
) {
  const attribute = channel.attributes.find((candidate) => candidate.attribute === key);
  return attribute ? optionNamed(attribute.options, body[key]) : undefined;
}

function ibanProblem(problem: IbanProblem, country: keyof typeof IBAN_SPECS): string {
  switch (problem) {
    case 'format':
    case 'country':
    case 'length':
      return apiText('recipients.message.ibanFormat', {
        length: IBAN_SPECS[country].length,
        prefix: country,
      });
    case 'bban':
      return apiText('recipients.message.ibanStructure', { country: englishName(country) });
    case 'checksum':
      return apiText('recipients.message.ibanInvalid');
  }
}

/**
 * A text attribute's real format (after its regex and lengths passed), and the agreement of
 * account and bank where the account names its bank: the stored form, or the message.
 */
export function checkFormat(
  format: AttributeFormat,
  text: string,
  channel: PayoutChannel,
  body: Readonly<Record<string, unknown>>,
): FormatOutcome {
  const bank =
    'bank' in format && format.bank !== null ? chosenOption(channel, format.bank, body) : undefined;
  switch (format.kind) {
    case 'iban': {
      const result = checkIban(text, format.country);
      if (!result.ok) return { problem: ibanProblem(result.problem, format.country) };
      if (bank && bank.code !== result.bankCode)
        return { problem: apiText('recipients.message.ibanBank') };
      return { value: result.iban };
    }
    case 'ifsc': {
      const result = checkIfsc(text);
      if (!result.ok) return { problem: apiText('recipients.message.ifsc') };
      if (bank && bank.code !== result.bankCode)
        return { problem: apiText('recipients.message.ifscBank') };
      return { value: result.ifsc };
    }
    case 'nuban': {
      // Without a valid bank the check digit cannot be computed: the bank's own error says so.
      if (!bank) {
        const digits = checkDigits(text, { min: 10, max: 10 });
        return digits.ok
          ? { value: digits.value }
          : { problem: apiText('recipients.message.nubanFormat') };
      }
      const result = checkNuban(text, bank.code);
      if (result.ok) return { value: result.accountNumber };
      return {
        problem:
          result.problem === 'check-digit'
            ? apiText('recipients.message.nubanBank')
            : apiText('recipients.message.nubanFormat'),
      };
    }
    case 'clabe': {
      const result = checkClabe(text);
      if (!result.ok) {
        return {
          problem:
            result.problem === 'check-digit'
              ? apiText('recipients.message.clabeInvalid')
              : apiText('recipients.message.clabeFormat'),
        };
      }
      if (bank && bank.code !== result.bankCode)
        return { problem: apiText('recipients.message.clabeBank') };
      return { value: result.clabe };
    }
    case 'digits': {
      const result = checkDigits(text, format.rule);
      return result.ok ? { value: result.value } : { problem: apiText('fields.invalid') };
    }
    case 'sub-option': {
      const parent = chosenOption(channel, format.parent, body);
      const sub = parent ? optionNamed(subDeliveryOptions(parent.id) ?? [], text) : undefined;
      return sub
        ? { value: sub.id }
        : { problem: apiText('recipients.message.chooseBranchOfBank') };
    }
    case 'mobile':
      // Mobile values are objects: checkMobileValue.
      return { problem: apiText('fields.invalid') };
  }
}

/**
 * A mobile attribute's `{country, number}`: the country must be the channel's (a wallet or a
 * pickup notice works with that country's numbers), the number a mobile number there. Errors
 * are keyed `x.country` and `x.number`, where the web app shows them.
 */
export function checkMobileValue(
  attribute: ChannelAttribute,
  country: string,
  raw: unknown,
  required: boolean,
  context: RecipientValidationContext,
): { value: MobileNumberValue | null } | { errors: ErrorList } {
  const key = attribute.attribute;
  if (raw === undefined || raw === null || raw === '') {
    return required ? { errors: [[`${key}.number`, requiredMessage(attribute)]] } : { value: null };
  }
  const value: Record<string, unknown> =
    typeof raw === 'object' && !Array.isArray(raw) ? { ...raw } : {};
  const errors: ErrorList = [];
  const countryId = typeof value.country === 'string' ? value.country.trim().toLowerCase() : '';
  const iso2 = countryId === '' ? null : context.countryIso2Of(countryId);
  if (iso2 === null) errors.push([`${key}.country`, apiText('fields.chooseMobileCountry')]);
  else if (iso2 !== country) {
    errors.push([
      `${key}.country`,
      apiText('recipients.message.mobileCountry', { country: englishName(country) }),
    ]);
  }
  const number = readText(value.number, attribute.label);
  if ('empty' in number) errors.push([`${key}.number`, requiredMessage(attribute)]);
  else if ('problem' in number) errors.push([`${key}.number`, number.problem]);
  if (errors.length > 0 || !('text' in number)) return { errors };
  const checked = checkMobileNumber(number.text, country);
  if (!checked.ok) {
    return {
      errors: [
        [
          `${key}.number`,
          apiText('onboarding.invalidMobileNumber', { country: englishName(country) }),
        ],
      ],
    };
  }
  return { value: { country: countryId, number: checked.nationalNumber, e164: checked.e164 } };
}
