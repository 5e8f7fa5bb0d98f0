import type { TextTable } from '../text-table.ts';

/**
 * Identity documents (issue 16): the catalogue's customer-facing words (modules/documents/
 * document-catalogue.ts: each category and type, what is accepted, what is refused, how recent),
 * the statuses, and the answers of the upload token and document/upload. A text shared by two
 * types ("A photocopy or a screenshot") is one entry: each English text translates one way.
 */
export const documentTexts = {
  // Categories.
  'documents.poi.title': { en: 'Proof of identity', es: 'Prueba de identidad' },
  'documents.poi.description': {
    en: 'An official photo ID that shows your full name and your date of birth.',
    es: 'Un documento oficial con foto que muestre tu nombre completo y tu fecha de nacimiento.',
  },
  'documents.poa.title': { en: 'Proof of address', es: 'Comprobante de domicilio' },
  'documents.poa.description': {
    en: 'A recent document that shows your name and the home address on your profile.',
    es: 'Un documento reciente que muestre tu nombre y el domicilio de tu perfil.',
  },
  'documents.sof.title': { en: 'Source of funds', es: 'Origen de los fondos' },
  'documents.sof.description': {
    en: 'A document that shows where the money you send comes from.',
    es: 'Un documento que muestre de dónde procede el dinero que envías.',
  },

  // Types.
  'documents.passport.title': { en: 'Passport', es: 'Pasaporte' },
  'documents.passport.description': {
    en: 'One photo of the page with your photo and your details.',
    es: 'Una foto de la página con tu fotografía y tus datos.',
  },
  'documents.drivingLicence.title': { en: 'Driving licence', es: 'Permiso de conducir' },
  'documents.drivingLicence.description': {
    en: 'Two photos of your photocard licence: the front and the back.',
    es: 'Dos fotos de tu permiso con fotografía: el anverso y el reverso.',
  },
  'documents.nationalIdCard.title': {
    en: 'National identity card',
    es: 'Documento nacional de identidad',
  },
  'documents.nationalIdCard.description': {
    en: 'Two photos of your identity card: the front and the back.',
    es: 'Dos fotos de tu documento de identidad: el anverso y el reverso.',
  },
  'documents.utilityBill.title': { en: 'Utility bill', es: 'Factura de suministros' },
  'documents.utilityBill.description': {
    en: 'A gas, electricity, water, landline or broadband bill sent to your home.',
    es: 'Una factura de gas, electricidad, agua, teléfono fijo o internet enviada a tu domicilio.',
  },
  'documents.bankStatement.title': { en: 'Bank statement', es: 'Extracto bancario' },
  'documents.bankStatementAddress.description': {
    en: 'A statement from your bank or building society, sent to your home.',
    es: 'Un extracto de tu banco o caja de ahorros, enviado a tu domicilio.',
  },
  'documents.bankStatementFunds.description': {
    en: 'A statement of the account the money you send comes from.',
    es: 'Un extracto de la cuenta de la que procede el dinero que envías.',
  },
  'documents.councilTaxBill.title': { en: 'Council tax bill', es: 'Recibo del impuesto municipal' },
  'documents.councilTaxBill.description': {
    en: "This year's council tax bill for your home.",
    es: 'El recibo de este año del impuesto municipal de tu vivienda.',
  },
  'documents.salarySlip.title': { en: 'Salary slip', es: 'Nómina' },
  'documents.salarySlip.description': {
    en: 'Your latest payslips from your employer.',
    es: 'Tus últimas nóminas de tu empleador.',
  },
  'documents.loanAgreement.title': { en: 'Loan agreement', es: 'Contrato de préstamo' },
  'documents.loanAgreement.description': {
    en: 'The signed agreement of a loan that pays for what you send.',
    es: 'El contrato firmado del préstamo con el que pagas lo que envías.',
  },
  'documents.savingsStatement.title': {
    en: 'Savings account statement',
    es: 'Extracto de cuenta de ahorro',
  },
  'documents.savingsStatement.description': {
    en: 'A statement of the savings the money you send comes from.',
    es: 'Un extracto de los ahorros de los que procede el dinero que envías.',
  },

  // What is accepted.
  'documents.accept.validPassport': {
    en: 'A valid passport from any country',
    es: 'Un pasaporte en vigor de cualquier país',
  },
  'documents.accept.wholePhotoPage': {
    en: 'The whole photo page, with the two lines of letters and numbers at the bottom',
    es: 'La página de la foto entera, con las dos líneas de letras y números de la parte inferior',
  },
  'documents.accept.photocardLicence': {
    en: 'A valid full or provisional photocard licence',
    es: 'Un permiso con fotografía en vigor, definitivo o provisional',
  },
  'documents.accept.validIdCard': {
    en: 'A valid national identity card with your photo',
    es: 'Un documento nacional de identidad en vigor con tu fotografía',
  },
  'documents.accept.bothSides': {
    en: 'Both sides, each in one photo, with the four corners visible',
    es: 'Las dos caras, cada una en una foto, con las cuatro esquinas visibles',
  },
  'documents.accept.utilityKinds': {
    en: 'A gas, electricity, water, landline or broadband bill',
    es: 'Una factura de gas, electricidad, agua, teléfono fijo o internet',
  },
  'documents.accept.nameAndAddress': {
    en: 'Your name and your home address, as on your profile',
    es: 'Tu nombre y tu domicilio, tal como figuran en tu perfil',
  },
  'documents.accept.paperOrPdf': {
    en: 'A photo or scan of the paper document, or the PDF your provider sent',
    es: 'Una foto o un escaneo del documento en papel, o el PDF que te envió la entidad',
  },
  'documents.accept.allPages': {
    en: 'Every page, up to 10 files',
    es: 'Todas las páginas, hasta 10 archivos',
  },
  'documents.accept.councilTaxYear': {
    en: "This year's bill or demand notice from your council",
    es: 'El recibo o la notificación de cobro de este año de tu ayuntamiento',
  },
  'documents.accept.payslipDetails': {
    en: "Your name, your employer's name, the pay date and the amount",
    es: 'Tu nombre, el de tu empleador, la fecha de pago y el importe',
  },
  'documents.accept.incomingMoney': {
    en: 'The money coming into your account, with your name on the statement',
    es: 'El dinero que entra en tu cuenta, con tu nombre en el extracto',
  },
  'documents.accept.signedLoan': {
    en: 'The signed agreement, showing the lender, the amount and the date',
    es: 'El contrato firmado, con el prestamista, el importe y la fecha',
  },
  'documents.accept.savingsBalance': {
    en: 'Your name, the account and its balance',
    es: 'Tu nombre, la cuenta y su saldo',
  },

  // What is refused.
  'documents.refuse.expired': {
    en: 'An expired document',
    es: 'Un documento caducado',
  },
  'documents.refuse.copyOrScreenshot': {
    en: 'A photocopy, a screenshot or a photo of a screen',
    es: 'Una fotocopia, una captura de pantalla o una foto de una pantalla',
  },
  'documents.refuse.glareOrCovered': {
    en: 'A blurred photo, glare, or any part covered or cut off',
    es: 'Una foto borrosa, con reflejos, o con alguna parte tapada o cortada',
  },
  'documents.refuse.paperLicence': {
    en: 'A paper licence without a photo',
    es: 'Un permiso en papel sin fotografía',
  },
  'documents.refuse.mobileOrInsurance': {
    en: 'A mobile phone bill or an insurance document',
    es: 'Una factura de teléfono móvil o un documento de un seguro',
  },
  'documents.refuse.someoneElse': {
    en: "A document in someone else's name",
    es: 'Un documento a nombre de otra persona',
  },
  'documents.refuse.appScreenshot': {
    en: 'A screenshot of a banking app',
    es: 'Una captura de pantalla de una aplicación bancaria',
  },
  'documents.refuse.handwritten': {
    en: 'A handwritten or edited document',
    es: 'Un documento escrito a mano o modificado',
  },
  'documents.refuse.unsignedLoan': {
    en: 'A loan offer or quote that was not signed',
    es: 'Una oferta o un presupuesto de préstamo sin firmar',
  },

  // How recent.
  'documents.recency.threeMonths': {
    en: 'Issued in the last 3 months',
    es: 'Emitido en los últimos 3 meses',
  },
  'documents.recency.twelveMonths': {
    en: 'Issued in the last 12 months',
    es: 'Emitido en los últimos 12 meses',
  },
  // Statuses (docs/product/identity-documents.md#statuses).
  'documents.status.pendingVerification': {
    en: 'Waiting to be checked',
    es: 'Pendiente de revisión',
  },
  'documents.status.processing': { en: 'Being checked', es: 'En revisión' },
  'documents.status.reviewRequired': {
    en: 'Being checked by our team',
    es: 'En revisión por nuestro equipo',
  },
  'documents.status.approved': { en: 'Verified', es: 'Verificado' },
  'documents.status.rejected': { en: 'Unable to verify', es: 'No se pudo verificar' },
  'documents.task.checking': {
    en: 'We are checking your identity document.',
    es: 'Estamos revisando tu documento de identidad.',
  },

  // The upload token and document/upload.
  'documents.completeIdentity': {
    en: 'Complete your personal details before you upload a document.',
    es: 'Completa tus datos personales antes de subir un documento.',
  },
  'documents.completeAddress': {
    en: 'Add your address before you upload a proof of address.',
    es: 'Añade tu domicilio antes de subir un comprobante de domicilio.',
  },
  'documents.photoTypes': {
    en: 'Upload a photo: a JPEG, PNG or WebP image.',
    es: 'Sube una foto: una imagen JPEG, PNG o WebP.',
  },
  'documents.fileTypes': {
    en: 'Upload a JPEG, PNG or WebP image, or a PDF file.',
    es: 'Sube una imagen JPEG, PNG o WebP, o un archivo PDF.',
  },
  'documents.notThisCategory': {
    en: 'Choose a document type of this category.',
    es: 'Elige un tipo de documento de esta categoría.',
  },
  'documents.uploadUnknown': {
    en: 'This file is not one of your recent uploads. Upload it again.',
    es: 'Este archivo no es una de tus subidas recientes. Vuelve a subirlo.',
  },
  'documents.uploadUsed': {
    en: 'This file is already part of a document. Upload it again.',
    es: 'Este archivo ya forma parte de un documento. Vuelve a subirlo.',
  },
  'documents.pageTwice': {
    en: 'This file is listed twice.',
    es: 'Este archivo aparece dos veces.',
  },
  'documents.notUploaded': {
    en: 'This file did not finish uploading. Upload it again.',
    es: 'Este archivo no terminó de subirse. Vuelve a subirlo.',
  },
  'documents.tooLarge': {
    en: 'This file is larger than 10 MB.',
    es: 'Este archivo ocupa más de 10 MB.',
  },
  'documents.fileSize': {
    en: 'The file size must be a number of bytes, at most 10 MB.',
    es: 'El tamaño del archivo debe ser un número de bytes, como máximo 10 MB.',
  },
  'documents.quotaFull': {
    en: 'Your documents already take the {megabytes} MB we keep for you. Files you did not hand in are removed a day after you uploaded them; try again then.',
    es: 'Tus documentos ya ocupan los {megabytes} MB que guardamos para ti. Los archivos que no entregaste se borran un día después de subirlos; vuelve a intentarlo entonces.',
  },
  'documents.imageTooLarge': {
    en: 'This image has too many pixels. Take the photo again at a lower resolution.',
    es: 'Esta imagen tiene demasiados píxeles. Vuelve a hacer la foto con una resolución menor.',
  },
  'documents.unreadable': {
    en: 'We could not read this file. It may be damaged or protected by a password.',
    es: 'No hemos podido leer este archivo. Puede estar dañado o protegido con contraseña.',
  },
  'documents.pdfTooComplex': {
    en: 'This PDF is too complex for us to check. Upload a photo of each page, or save the PDF again with "Print to PDF" and upload that.',
    es: 'Este PDF es demasiado complejo para revisarlo. Sube una foto de cada página, o vuelve a guardar el PDF con «Imprimir en PDF» y sube ese.',
  },
  'documents.frontAndBack': {
    en: 'Upload two photos: the front and the back.',
    es: 'Sube dos fotos: el anverso y el reverso.',
  },
  'documents.onePhoto': { en: 'Upload one photo.', es: 'Sube una foto.' },
  'documents.pageCount': {
    en: 'Upload between {min:number} and {max:number} files.',
    es: 'Sube entre {min:number} y {max:number} archivos.',
  },
} as const satisfies TextTable;
