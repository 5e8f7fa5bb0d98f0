import type { TextTable } from '../text-table.ts';

/** Identity documents' signed uploads to the local folder (issue 16): why a PUT was refused. */
export const storageTexts = {
  'storage.linkInvalid': {
    en: 'This upload link is not valid.',
    es: 'Este enlace de subida no es válido.',
  },
  'storage.linkExpired': {
    en: 'This upload link has expired. Please choose the file again.',
    es: 'Este enlace de subida ha caducado. Vuelve a elegir el archivo.',
  },
  'storage.wrongContentType': {
    en: 'The file must be sent as the type it was announced as.',
    es: 'El archivo debe enviarse con el tipo que se indicó.',
  },
  'storage.sizeMismatch': {
    en: 'The file is not the size that was announced.',
    es: 'El archivo no tiene el tamaño que se indicó.',
  },
  'storage.tooLarge': {
    en: 'The file is larger than 10 MB.',
    es: 'El archivo ocupa más de 10 MB.',
  },
  'storage.alreadyStored': {
    en: 'A file has already been uploaded with this link.',
    es: 'Ya se ha subido un archivo con este enlace.',
  },
  'storage.notTheType': {
    en: 'The file is not the JPEG, PNG, WebP or PDF it was announced as.',
    es: 'El archivo no es el JPEG, PNG, WebP o PDF que se indicó.',
  },
  'storage.incomplete': {
    en: 'The upload did not finish. Please try again.',
    es: 'La subida no ha terminado. Vuelve a intentarlo.',
  },
} as const satisfies TextTable;
