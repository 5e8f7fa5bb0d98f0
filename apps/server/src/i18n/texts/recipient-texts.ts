import type { TextTable } from '../text-table.ts';

/**
 * Recipients: the payout forms' labels and hints (modules/recipients/channels), the answers of
 * their format checks (modules/recipients/validate-recipient.ts) and of the account-name lookup
 * (issue 15). First, middle and last name are the profile's labels (profile-texts.ts). `{field}`
 * is a label inside a sentence, lower-cased ("account number").
 */
export const recipientTexts = {
  // Labels.
  'recipients.label.nameOrBusiness': {
    en: 'First name or business name',
    es: 'Nombre o razón social',
  },
  'recipients.label.accountHolderName': {
    en: 'Account holder name',
    es: 'Nombre del titular de la cuenta',
  },
  'recipients.label.bank': { en: 'Bank', es: 'Banco' },
  'recipients.label.branch': { en: 'Branch', es: 'Sucursal' },
  'recipients.label.accountNumber': { en: 'Account number', es: 'Número de cuenta' },
  'recipients.label.iban': { en: 'IBAN', es: 'Código IBAN' },
  'recipients.label.clabe': { en: 'CLABE', es: 'CLABE interbancaria' },
  'recipients.label.ifsc': { en: 'IFSC code', es: 'Código IFSC' },
  'recipients.label.branchCode': { en: 'Branch code', es: 'Código de sucursal' },
  'recipients.label.accountType': { en: 'Account type', es: 'Tipo de cuenta' },
  'recipients.label.walletProvider': { en: 'Wallet provider', es: 'Proveedor del monedero' },
  'recipients.label.mobileNumber': { en: 'Mobile number', es: 'Número de móvil' },
  // Options.
  'recipients.option.ordinaryAccount': { en: 'Ordinary (futsū)', es: 'Ordinaria (futsū)' },
  'recipients.option.currentAccount': { en: 'Current (tōza)', es: 'Corriente (tōza)' },
  // Hints under the fields.
  'recipients.label.businessName': { en: 'Business name', es: 'Razón social' },
  'recipients.help.firstNameOnAccount': {
    en: 'As it appears on their bank account.',
    es: 'Tal como figura en su cuenta bancaria.',
  },
  'recipients.help.businessName': {
    en: 'Its registered name, as it appears on the bank account.',
    es: 'Su razón social, tal como figura en la cuenta bancaria.',
  },
  'recipients.help.nameOnAccount': {
    en: 'As it appears on their bank account. For a business, its registered name.',
    es: 'Tal como figura en su cuenta bancaria. Para una empresa, su razón social.',
  },
  'recipients.help.nameOnWallet': {
    en: 'As registered with their mobile wallet.',
    es: 'Tal como figura en su monedero móvil.',
  },
  'recipients.help.nameOnId': {
    en: 'As it appears on the ID they will show to collect the cash.',
    es: 'Tal como figura en el documento de identidad que mostrará para recoger el efectivo.',
  },
  'recipients.help.middleName': {
    en: 'Leave empty if they have none.',
    es: 'Déjalo vacío si no tiene.',
  },
  'recipients.help.lastName': { en: 'Their family name.', es: 'Sus apellidos.' },
  'recipients.help.lastNameOrEmpty': {
    en: 'Their family name. Leave empty for a business.',
    es: 'Sus apellidos. Déjalo vacío para una empresa.',
  },
  'recipients.help.accountHolderName': {
    en: 'Filled in from their bank once you choose the bank and enter the account number.',
    es: 'Se completa con los datos de su banco cuando eliges el banco e introduces el número de cuenta.',
  },
  'recipients.help.bank': {
    en: 'The bank that holds their account.',
    es: 'El banco donde tiene la cuenta.',
  },
  'recipients.help.branch': {
    en: 'The branch that holds their account. Choose the bank first.',
    es: 'La sucursal donde tiene la cuenta. Elige antes el banco.',
  },
  'recipients.help.accountDigits': {
    en: 'From {min} to {max} digits, without spaces.',
    es: 'De {min} a {max} dígitos, sin espacios.',
  },
  'recipients.help.nuban': {
    en: 'Their 10-digit NUBAN account number.',
    es: 'Su número de cuenta NUBAN de 10 dígitos.',
  },
  'recipients.help.iban': {
    en: 'Their {length}-character IBAN, starting with {prefix}.',
    es: 'Su IBAN de {length} caracteres, que empieza por {prefix}.',
  },
  'recipients.help.clabe': {
    en: 'Their 18-digit CLABE, on their bank statement or in their banking app.',
    es: 'Su CLABE de 18 dígitos, que figura en su estado de cuenta o en su app bancaria.',
  },
  'recipients.help.ifsc': {
    en: 'The 11-character code of their branch, on their cheque book or passbook.',
    es: 'El código de 11 caracteres de su sucursal, que figura en su chequera o libreta.',
  },
  'recipients.help.branchCode': {
    en: 'The 3-digit number of their branch.',
    es: 'El número de 3 dígitos de su sucursal.',
  },
  'recipients.help.jpAccountNumber': {
    en: 'Their 7-digit account number.',
    es: 'Su número de cuenta de 7 dígitos.',
  },
  'recipients.help.accountType': {
    en: 'Most personal accounts are ordinary (futsū) accounts.',
    es: 'La mayoría de las cuentas personales son ordinarias (futsū).',
  },
  'recipients.help.walletProvider': {
    en: 'The wallet service their mobile number is registered with.',
    es: 'El servicio de monedero móvil en el que está registrado su número de móvil.',
  },
  'recipients.help.walletNumber': {
    en: 'The number registered with their wallet.',
    es: 'El número registrado en su monedero móvil.',
  },
  'recipients.help.pickupNumber': {
    en: 'We text them when the cash is ready to collect.',
    es: 'Le enviaremos un SMS cuando el efectivo esté listo para recoger.',
  },
  // What the checks answer.
  'recipients.message.accountName': {
    en: "Use letters, digits, spaces and the signs & . , ' - ( ) / only.",
    es: "Usa solo letras, dígitos, espacios y los signos & . , ' - ( ) /.",
  },
  'recipients.message.digitsRange': {
    en: 'Enter from {min} to {max} digits, without spaces or letters.',
    es: 'Introduce de {min} a {max} dígitos, sin espacios ni letras.',
  },
  'recipients.message.digitsExact': {
    en: 'Enter exactly {length} digits.',
    es: 'Introduce exactamente {length} dígitos.',
  },
  'recipients.message.ibanFormat': {
    en: 'Enter an IBAN of {length} characters starting with {prefix}.',
    es: 'Introduce un IBAN de {length} caracteres que empiece por {prefix}.',
  },
  'recipients.message.ibanStructure': {
    en: 'This IBAN is not in the format banks in {country} use. Check it for typing mistakes.',
    es: 'Este IBAN no tiene el formato de los bancos de {country}. Revisa que no haya errores de escritura.',
  },
  'recipients.message.ibanInvalid': {
    en: 'This IBAN is not valid. Check it for typing mistakes.',
    es: 'Este IBAN no es válido. Revisa que no haya errores de escritura.',
  },
  'recipients.message.ibanBank': {
    en: 'This IBAN belongs to another bank than the one chosen.',
    es: 'Este IBAN pertenece a un banco distinto del elegido.',
  },
  'recipients.message.ifsc': {
    en: 'Enter the 11-character IFSC code, such as SBIN0000300.',
    es: 'Introduce el código IFSC de 11 caracteres, como SBIN0000300.',
  },
  'recipients.message.ifscBank': {
    en: 'This IFSC code belongs to another bank than the one chosen.',
    es: 'Este código IFSC pertenece a un banco distinto del elegido.',
  },
  'recipients.message.nubanFormat': {
    en: 'Enter the 10-digit account number.',
    es: 'Introduce el número de cuenta de 10 dígitos.',
  },
  'recipients.message.nubanBank': {
    en: 'This account number does not exist at the bank chosen. Check both.',
    es: 'Este número de cuenta no existe en el banco elegido. Revisa ambos.',
  },
  'recipients.message.clabeFormat': {
    en: 'Enter the 18-digit CLABE.',
    es: 'Introduce la CLABE de 18 dígitos.',
  },
  'recipients.message.clabeInvalid': {
    en: 'This CLABE is not valid. Check it for typing mistakes.',
    es: 'Esta CLABE no es válida. Revisa que no haya errores de escritura.',
  },
  'recipients.message.clabeBank': {
    en: 'This CLABE belongs to another bank than the one chosen.',
    es: 'Esta CLABE pertenece a un banco distinto del elegido.',
  },
  'recipients.message.mobileCountry': {
    en: 'The mobile number must be from {country}.',
    es: 'El número de móvil debe ser de {country}.',
  },
  'recipients.message.tooShort': {
    en: 'The {field} must be at least {min} characters.',
    es: 'El campo {field} debe tener al menos {min} caracteres.',
  },
  'recipients.message.exactLength': {
    en: 'The {field} must be exactly {length} characters.',
    es: 'El campo {field} debe tener exactamente {length} caracteres.',
  },
  'recipients.message.confirmMismatch': {
    en: 'The {field} confirmation does not match.',
    es: 'La confirmación del campo {field} no coincide.',
  },
  'recipients.message.chooseOption': {
    en: 'Choose a {field} from the list.',
    es: 'Elige una opción de la lista para el campo {field}.',
  },
  'recipients.message.chooseBranchOfBank': {
    en: 'Choose a branch of the bank chosen.',
    es: 'Elige una sucursal del banco elegido.',
  },
  'recipients.message.relationship': {
    en: 'Please select your relationship to the recipient.',
    es: 'Selecciona tu relación con el destinatario.',
  },
  'recipients.message.recipientType': {
    en: 'Choose whether the recipient is a person or a business.',
    es: 'Elige si el destinatario es una persona o una empresa.',
  },
  // The account-name lookup's refusals (sandbox: docs/sandbox-providers.md).
  'recipients.lookup.notFound': {
    en: 'We could not find this account. Check the bank and the account number.',
    es: 'No encontramos esta cuenta. Revisa el banco y el número de cuenta.',
  },
  'recipients.lookup.closed': {
    en: 'This account is closed. Ask the recipient for another account.',
    es: 'Esta cuenta está cerrada. Pide al destinatario otra cuenta.',
  },
  'recipients.lookup.unavailable': {
    en: 'The bank did not answer. Please try again in a few minutes.',
    es: 'El banco no ha respondido. Vuelve a intentarlo dentro de unos minutos.',
  },
  // modules/recipients/name-lookup-limits.ts; {wait} is "in 42 minutes" (lib/failure-limits.ts).
  'recipients.lookup.tooMany': {
    en: "You have looked up too many account holders' names for now. Please try again {wait}.",
    es: 'Has consultado demasiados nombres de titulares de cuenta por ahora. Vuelve a intentarlo {wait}.',
  },
  // The recipient endpoints (modules/recipients/recipients.routes.ts).
  'recipients.quoteNotFound': {
    en: 'This quote does not exist.',
    es: 'Este presupuesto no existe.',
  },
  'recipients.searchTooLong': {
    en: 'Search with at most 100 characters.',
    es: 'Busca con 100 caracteres como máximo.',
  },
  'recipients.channelNotServed': {
    en: 'We do not pay out this way in this country and currency.',
    es: 'No pagamos de esta forma en este país y moneda.',
  },
  'recipients.lookup.notOffered': {
    en: "This payout method does not look up the account holder's name.",
    es: 'Este método de pago no consulta el nombre del titular de la cuenta.',
  },
  'recipients.quoteExpired': {
    en: 'This quote has expired, so the recipient was not saved. Get a new quote and try again.',
    es: 'Este presupuesto ha caducado, así que no se ha guardado el destinatario. Pide uno nuevo y vuelve a intentarlo.',
  },
  'recipients.quoteCorridor': {
    en: 'The quote pays out in another country, currency or way than this recipient.',
    es: 'El presupuesto paga en otro país, moneda o forma que este destinatario.',
  },
} as const satisfies TextTable;
