import type { TextTable } from '../text-table.ts';

/**
 * Identity documents' review (issue 16, modules/documents/review and liveliness): why the
 * sandbox reviewer refuses a document, each with what to do next (docs/sandbox-providers.md),
 * apply-info-from-poi's refusal, and the sandbox liveness page. The reasons are stored in English
 * and translated on the way out, like every other text.
 */
export const documentReviewTexts = {
  // The checks every page goes through.
  'documentReview.check.fileType': {
    en: 'This kind of file is not accepted for this document. Upload a photo (JPEG, PNG or WebP), or a PDF where the document takes one.',
    es: 'Este tipo de archivo no se acepta para este documento. Sube una foto (JPEG, PNG o WebP), o un PDF si el documento lo admite.',
  },
  'documentReview.check.fileSize': {
    en: 'A file is larger than 10 MB. Upload a smaller photo or PDF.',
    es: 'Un archivo ocupa más de 10 MB. Sube una foto o un PDF más pequeño.',
  },
  'documentReview.check.photoTooSmall': {
    en: 'The photo is too small ({width:number} × {height:number} pixels). Take a new photo of at least 600 × 400 pixels, with the document filling the frame.',
    es: 'La foto es demasiado pequeña ({width:number} × {height:number} píxeles). Haz una foto nueva de al menos 600 × 400 píxeles, con el documento ocupando todo el encuadre.',
  },
  'documentReview.check.photoTooLarge': {
    en: "The photo is too large to check. Take a new photo with your phone camera's usual settings.",
    es: 'La foto es demasiado grande para revisarla. Haz una foto nueva con los ajustes habituales de la cámara de tu móvil.',
  },
  'documentReview.check.pageCount': {
    en: 'This document takes {min:number} to {max:number} files. Upload it again with every page.',
    es: 'Este documento admite de {min:number} a {max:number} archivos. Vuelve a subirlo con todas las páginas.',
  },
  'documentReview.check.pdfPages': {
    en: 'The PDF has too many pages. Upload only the pages with your details, at most {max:number}.',
    es: 'El PDF tiene demasiadas páginas. Sube solo las páginas con tus datos, como máximo {max:number}.',
  },
  'documentReview.check.pdfTooComplex': {
    en: 'A PDF is too complex to check. Upload a photo of each page, or save the PDF again with "Print to PDF" and upload that.',
    es: 'Un PDF es demasiado complejo para revisarlo. Sube una foto de cada página, o vuelve a guardar el PDF con «Imprimir en PDF» y sube ese.',
  },
  'documentReview.check.unreadable': {
    en: 'We could not open a file. Upload a PDF without a password, or a clear photo of each page.',
    es: 'No hemos podido abrir un archivo. Sube un PDF sin contraseña, o una foto nítida de cada página.',
  },

  // What the sandbox reviewer "sees", driven by documented file names.
  'documentReview.reject.blurry': {
    en: 'The photo is blurred. Take a new photo in good light, holding the camera steady, so every word can be read.',
    es: 'La foto está borrosa. Haz una foto nueva con buena luz y sin mover la cámara, de modo que se pueda leer cada palabra.',
  },
  'documentReview.reject.expired': {
    en: 'The document has expired. Upload a document that is still valid.',
    es: 'El documento ha caducado. Sube un documento que siga en vigor.',
  },
  'documentReview.reject.cropped': {
    en: 'Part of the document is cut off. Take a new photo that shows all four corners.',
    es: 'Falta una parte del documento. Haz una foto nueva en la que se vean las cuatro esquinas.',
  },
  'documentReview.reject.glare': {
    en: 'Light reflects off the document and hides some details. Take a new photo away from direct light.',
    es: 'La luz se refleja en el documento y tapa algunos datos. Haz una foto nueva lejos de la luz directa.',
  },
  'documentReview.reject.screen': {
    en: 'This is a screenshot or a photo of a screen. Upload a photo or scan of the original document.',
    es: 'Es una captura de pantalla o una foto de una pantalla. Sube una foto o un escaneo del documento original.',
  },
  'documentReview.reject.tooOld': {
    en: 'The document is too old. Upload one issued in the last 3 months.',
    es: 'El documento es demasiado antiguo. Sube uno emitido en los últimos 3 meses.',
  },
  'documentReview.reject.nameMismatch': {
    en: 'The name on the document is not the name on your profile. Upload a document in your name, or correct your profile first.',
    es: 'El nombre del documento no es el de tu perfil. Sube un documento a tu nombre o corrige antes tu perfil.',
  },

  // The sandbox reads a date of birth from the ID that no customer may have (issue 28).
  'documentReview.reject.bornInFuture': {
    en: 'The date of birth on the document is in the future. Upload a valid document of your own.',
    es: 'La fecha de nacimiento del documento es futura. Sube un documento válido y tuyo.',
  },
  'documentReview.reject.underAge': {
    en: 'The document shows that its holder is under 18. You must be at least 18 years old to use Corridor.',
    es: 'El documento indica que su titular es menor de 18 años. Debes tener al menos 18 años para usar Corridor.',
  },
  'documentReview.reject.bornTooEarly': {
    en: 'The date of birth on the document is before 1900. Upload a valid document of your own.',
    es: 'La fecha de nacimiento del documento es anterior a 1900. Sube un documento válido y tuyo.',
  },

  // POST /client/v1/apply-info-from-poi.
  'documentReview.applyInfoRefused': {
    en: 'The details on your ID cannot be used for your profile: your profile stays as it is.',
    es: 'Los datos de tu documento no se pueden usar en tu perfil: tu perfil se queda como está.',
  },
  'documentReview.noApprovedPoi': {
    en: 'There is no approved proof of identity to take your details from yet.',
    es: 'Todavía no hay ninguna prueba de identidad aprobada de la que tomar tus datos.',
  },

  // The liveness token and the sandbox liveness page.
  'documentReview.liveness.unknownApi': {
    en: 'This liveness provider is not available. Use SYSTEM.',
    es: 'Este proveedor de prueba de vida no está disponible. Usa SYSTEM.',
  },
  'documentReview.liveness.title': {
    en: 'Liveness check (sandbox)',
    es: 'Prueba de vida (entorno de pruebas)',
  },
  'documentReview.liveness.intro': {
    en: 'This is the sandbox liveness provider. A real provider would ask you to look into your camera here; the sandbox checks nothing and keeps no picture.',
    es: 'Este es el proveedor de prueba de vida del entorno de pruebas. Un proveedor real te pediría aquí que miraras a la cámara; el entorno de pruebas no comprueba nada ni guarda ninguna imagen.',
  },
  'documentReview.liveness.validUntil': {
    en: 'This link is valid until {time}.',
    es: 'Este enlace es válido hasta las {time}.',
  },
  'documentReview.liveness.close': {
    en: 'You can close this page and go back to Corridor.',
    es: 'Puedes cerrar esta página y volver a Corridor.',
  },
  'documentReview.liveness.invalidTitle': {
    en: 'This liveness link does not work',
    es: 'Este enlace de prueba de vida no funciona',
  },
  'documentReview.liveness.invalid': {
    en: 'The link has expired or is not valid. Go back to Corridor and start the check again.',
    es: 'El enlace ha caducado o no es válido. Vuelve a Corridor y empieza la prueba de nuevo.',
  },
} as const satisfies TextTable;
