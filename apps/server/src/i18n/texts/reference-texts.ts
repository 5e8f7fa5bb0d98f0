import type { TextTable } from '../text-table.ts';

/**
 * Reference data: payout methods, purposes and relationships (issue 15). The seed stores the
 * English (modules/payouts/payout-reference-data.ts); answers translate it on the way out.
 */
export const referenceTexts = {
  // Payout methods: the same words for every target.
  'payoutMethod.bankAccount.title': { en: 'Bank account', es: 'Cuenta bancaria' },
  'payoutMethod.bankAccount.description': {
    en: "Paid straight into the recipient's bank account.",
    es: 'Se ingresa directamente en la cuenta bancaria del destinatario.',
  },
  'payoutMethod.bankAccount.instruction': {
    en: "Have the recipient's account details ready, exactly as their bank shows them.",
    es: 'Ten a mano los datos de la cuenta del destinatario, tal como aparecen en su banco.',
  },
  'payoutMethod.mobileWallet.title': { en: 'Mobile wallet', es: 'Monedero móvil' },
  'payoutMethod.mobileWallet.description': {
    en: "Paid into the mobile money wallet linked to the recipient's phone number.",
    es: 'Se ingresa en el monedero móvil asociado al número de teléfono del destinatario.',
  },
  'payoutMethod.mobileWallet.instruction': {
    en: 'The wallet must be registered in the name of the recipient you enter.',
    es: 'El monedero debe estar registrado a nombre del destinatario que indiques.',
  },
  'payoutMethod.cashPickup.title': { en: 'Cash pickup', es: 'Recogida en efectivo' },
  'payoutMethod.cashPickup.description': {
    en: 'The recipient collects cash at a partner agent near them.',
    es: 'El destinatario recoge el dinero en efectivo en un agente colaborador cercano.',
  },
  'payoutMethod.cashPickup.instruction': {
    en: 'The recipient brings photo ID and the collection PIN we send you.',
    es: 'El destinatario debe llevar un documento de identidad con foto y el PIN de recogida que te enviaremos.',
  },

  // Purposes of a transfer (docs/product/sending-money.md#purposes).
  'purpose.business.title': { en: 'Business', es: 'Negocios' },
  'purpose.business.description': {
    en: 'Paying for goods or services, or supporting a business.',
    es: 'Pagar bienes o servicios, o apoyar un negocio.',
  },
  'purpose.education.title': { en: 'Education', es: 'Educación' },
  'purpose.education.description': {
    en: 'School or university fees, books and living costs while studying.',
    es: 'Matrículas de colegio o universidad, libros y gastos de manutención durante los estudios.',
  },
  'purpose.emergency.title': { en: 'Emergency', es: 'Emergencia' },
  'purpose.emergency.description': {
    en: 'Urgent help after an accident, an illness or a disaster.',
    es: 'Ayuda urgente tras un accidente, una enfermedad o una catástrofe.',
  },
  'purpose.familySupport.title': { en: 'Family support', es: 'Ayuda familiar' },
  'purpose.familySupport.description': {
    en: "Family members' everyday costs: food, rent and bills.",
    es: 'Gastos diarios de familiares: comida, alquiler y facturas.',
  },
  'purpose.friendSupport.title': { en: 'Support for a friend', es: 'Ayuda a una amistad' },
  'purpose.friendSupport.description': {
    en: 'Helping a friend with their living costs.',
    es: 'Ayudar a una amistad con sus gastos.',
  },
  'purpose.gifts.title': { en: 'Gift', es: 'Regalo' },
  'purpose.gifts.description': {
    en: 'A present for a birthday, a wedding, a holiday or another occasion.',
    es: 'Un regalo de cumpleaños, de boda, de fiestas o de otra ocasión.',
  },
  'purpose.healthcare.title': { en: 'Healthcare', es: 'Salud' },
  'purpose.healthcare.description': {
    en: 'Medical bills, medicines and treatment.',
    es: 'Facturas médicas, medicamentos y tratamientos.',
  },
  'purpose.investment.title': { en: 'Investment', es: 'Inversión' },
  'purpose.investment.description': {
    en: 'Buying property, shares or other investments.',
    es: 'Comprar una vivienda, acciones u otras inversiones.',
  },
  'purpose.loanRepayment.title': { en: 'Loan repayment', es: 'Devolución de un préstamo' },
  'purpose.loanRepayment.description': {
    en: 'Paying back a loan or a debt.',
    es: 'Devolver un préstamo o una deuda.',
  },
  'purpose.saving.title': { en: 'Savings', es: 'Ahorro' },
  'purpose.saving.description': {
    en: "Money put aside in your own or your family's savings.",
    es: 'Dinero que se guarda como ahorro propio o de la familia.',
  },
  'purpose.travel.title': { en: 'Travel', es: 'Viajes' },
  'purpose.travel.description': {
    en: 'Trips, tickets and spending money abroad.',
    es: 'Viajes, billetes y dinero para gastos en el extranjero.',
  },

  // Who the recipient is to the customer (docs/product/recipients.md#reference-resources).
  'relationship.myself.title': { en: 'Myself', es: 'Yo mismo' },
  'relationship.myself.description': {
    en: 'An account of your own in another country.',
    es: 'Una cuenta tuya en otro país.',
  },
  'relationship.businessAssociate.title': {
    en: 'Business associate',
    es: 'Contacto de negocios',
  },
  'relationship.businessAssociate.description': {
    en: 'Someone you do business with.',
    es: 'Alguien con quien haces negocios.',
  },
  'relationship.child.title': { en: 'Child', es: 'Hijo o hija' },
  'relationship.child.description': {
    en: 'Your son or daughter, stepchildren and adopted children included.',
    es: 'Tu hijo o hija, incluidos hijastros e hijos adoptivos.',
  },
  'relationship.cousin.title': { en: 'Cousin', es: 'Primo o prima' },
  'relationship.cousin.description': {
    en: 'A child of your aunt or uncle.',
    es: 'Un hijo o una hija de tu tío o tía.',
  },
  'relationship.employerEmployee.title': {
    en: 'Employer or employee',
    es: 'Empleador o empleado',
  },
  'relationship.employerEmployee.description': {
    en: 'Someone you work for, or who works for you.',
    es: 'Alguien para quien trabajas, o que trabaja para ti.',
  },
  'relationship.friend.title': { en: 'Friend', es: 'Amistad' },
  'relationship.friend.description': {
    en: 'Someone you know personally.',
    es: 'Alguien a quien conoces personalmente.',
  },
  'relationship.grandchild.title': { en: 'Grandchild', es: 'Nieto o nieta' },
  'relationship.grandchild.description': {
    en: "Your child's son or daughter.",
    es: 'El hijo o la hija de tu hijo o hija.',
  },
  'relationship.grandparent.title': { en: 'Grandparent', es: 'Abuelo o abuela' },
  'relationship.grandparent.description': {
    en: "Your parent's mother or father.",
    es: 'La madre o el padre de tu padre o de tu madre.',
  },
  'relationship.parent.title': { en: 'Parent', es: 'Padre o madre' },
  'relationship.parent.description': {
    en: 'Your mother or father, step-parents included.',
    es: 'Tu madre o tu padre, incluidos padrastros y madrastras.',
  },
  'relationship.sibling.title': { en: 'Sibling', es: 'Hermano o hermana' },
  'relationship.sibling.description': {
    en: 'Your brother or sister.',
    es: 'Tu hermano o tu hermana.',
  },
  'relationship.spouse.title': { en: 'Spouse or partner', es: 'Cónyuge o pareja' },
  'relationship.spouse.description': {
    en: 'Your husband, wife or partner.',
    es: 'Tu marido, tu mujer o tu pareja.',
  },

  // The payout-methods query (packages/contracts/src/payouts.ts).
  'payouts.chooseCurrency': {
    en: 'Choose a currency from the list.',
    es: 'Elige una moneda de la lista.',
  },
} as const satisfies TextTable;
