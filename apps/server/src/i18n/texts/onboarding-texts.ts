import type { TextTable } from '../text-table.ts';

/** Onboarding: the country, the mobile number, occupations, the dashboard's to-dos, the waitlist. */
export const onboardingTexts = {
  'onboarding.notASourceCountry': {
    en: 'Choose a country we support sending from.',
    es: 'Elige uno de los países desde los que puedes enviar dinero con nosotros.',
  },
  'onboarding.countryRequired': { en: 'Choose your country first.', es: 'Primero elige tu país.' },
  'onboarding.mobileNumberUnavailable': {
    en: 'We cannot use this mobile number. Check it, or enter another one.',
    es: 'No podemos usar este número de móvil. Compruébalo o introduce otro.',
  },
  'onboarding.invalidMobileNumber': {
    en: 'Enter a valid mobile number for {country}.',
    es: 'Introduce un número de móvil válido de {country}.',
  },
  'waitlist.added': {
    en: 'Thank you. We will email you when Corridor opens in {country}.',
    es: 'Gracias. Te escribiremos cuando Corridor esté disponible en {country}.',
  },
  'waitlist.served': {
    en: 'Corridor already serves {country}: sign up to start sending.',
    es: 'Corridor ya está disponible en {country}: regístrate para empezar a enviar dinero.',
  },
  // Occupations: the option labels of `employment.occupation`.
  'occupation.accountant': { en: 'Accountant', es: 'Contabilidad' },
  'occupation.administrator': {
    en: 'Administrator or office worker',
    es: 'Administración u oficina',
  },
  'occupation.architect': { en: 'Architect', es: 'Arquitectura' },
  'occupation.artist': { en: 'Artist, designer or writer', es: 'Arte, diseño o escritura' },
  'occupation.careWorker': { en: 'Care worker', es: 'Cuidado de personas' },
  'occupation.chef': { en: 'Chef or cook', es: 'Cocina' },
  'occupation.civilServant': { en: 'Civil servant', es: 'Administración pública' },
  'occupation.cleaner': { en: 'Cleaner', es: 'Limpieza' },
  'occupation.construction': { en: 'Construction worker', es: 'Construcción' },
  'occupation.doctor': { en: 'Doctor or dentist', es: 'Medicina u odontología' },
  'occupation.driver': { en: 'Driver', es: 'Conducción y transporte' },
  'occupation.engineer': { en: 'Engineer', es: 'Ingeniería' },
  'occupation.farmer': { en: 'Farmer or agricultural worker', es: 'Agricultura o ganadería' },
  'occupation.finance': { en: 'Banking or finance professional', es: 'Banca o finanzas' },
  'occupation.hospitality': { en: 'Hospitality worker', es: 'Hostelería' },
  'occupation.it': { en: 'IT professional', es: 'Informática y tecnología' },
  'occupation.lawyer': { en: 'Lawyer', es: 'Derecho' },
  'occupation.manager': { en: 'Manager or director', es: 'Dirección o gerencia' },
  'occupation.nurse': { en: 'Nurse or midwife', es: 'Enfermería o partería' },
  'occupation.pharmacist': { en: 'Pharmacist', es: 'Farmacia' },
  'occupation.policeMilitary': { en: 'Police or armed forces', es: 'Policía o fuerzas armadas' },
  'occupation.retail': { en: 'Retail or sales worker', es: 'Comercio o ventas' },
  'occupation.scientist': { en: 'Scientist or researcher', es: 'Ciencia o investigación' },
  'occupation.selfEmployed': {
    en: 'Self-employed or business owner',
    es: 'Trabajo por cuenta propia o empresa propia',
  },
  'occupation.teacher': { en: 'Teacher or lecturer', es: 'Docencia' },
  'occupation.tradesperson': {
    en: 'Tradesperson (electrician, plumber, mechanic…)',
    es: 'Oficios (electricidad, fontanería, mecánica…)',
  },
  'occupation.student': { en: 'Student', es: 'Estudiante' },
  'occupation.homemaker': { en: 'Homemaker', es: 'Tareas del hogar' },
  'occupation.retired': { en: 'Retired', es: 'Persona jubilada' },
  'occupation.unemployed': { en: 'Not currently working', es: 'Sin empleo actualmente' },
  'occupation.other': { en: 'Other', es: 'Otra ocupación' },
  // The dashboard's to-dos (modules/onboarding/tasks.ts).
  'tasks.verifyEmail.title': {
    en: 'Verify your email address',
    es: 'Verifica tu dirección de correo electrónico',
  },
  'tasks.verifyEmail.description': {
    en: 'Enter the 6-digit code we emailed you to confirm your address.',
    es: 'Introduce el código de 6 dígitos que te hemos enviado para confirmar tu dirección.',
  },
  'tasks.mobile.title': { en: 'Add your mobile number', es: 'Añade tu número de móvil' },
  'tasks.mobile.description': {
    en: 'Add a mobile number so we can reach you about your transfers.',
    es: 'Añade un número de móvil para que podamos contactarte sobre tus envíos.',
  },
  'tasks.identity.title': { en: 'Verify your identity', es: 'Verifica tu identidad' },
  'tasks.identity.description': {
    en: 'Upload a photo of your passport, driving licence or national ID card.',
    es: 'Sube una foto de tu pasaporte, permiso de conducir o documento nacional de identidad.',
  },
  'tasks.address.title': { en: 'Add your home address', es: 'Añade tu domicilio' },
  'tasks.address.unfinished': {
    en: 'Finish your home address: some required details are still missing.',
    es: 'Completa tu domicilio: todavía faltan algunos datos obligatorios.',
  },
  'tasks.address.description': {
    en: 'Tell us where you live, as it appears on your bills or bank statements.',
    es: 'Dinos dónde vives, tal y como aparece en tus facturas o extractos bancarios.',
  },
  'tasks.recipient.title': { en: 'Add a recipient', es: 'Añade un destinatario' },
  'tasks.recipient.description': {
    en: 'Add the person or business you want to send money to.',
    es: 'Añade la persona o la empresa a la que quieres enviar dinero.',
  },
  'tasks.transfer.title': { en: 'Send your first transfer', es: 'Haz tu primer envío' },
  'tasks.transfer.description': {
    en: 'Get a quote, check the rate and fees, and send money home.',
    es: 'Pide un presupuesto, revisa el tipo de cambio y las comisiones, y envía dinero a casa.',
  },
} as const satisfies TextTable;
