import type { Locale } from '@corridor/contracts';

/**
 * The words of every email, in each language Corridor speaks (issue 14). English is the source;
 * Spanish addresses the reader as "tú". The type makes a missing text in either language a
 * compile error. Codes and links are never part of a subject (subjects are logged).
 */
export const PRODUCT = 'Corridor';

export interface MailTexts {
  team: string;
  /** Above every email while sandbox providers run on a public URL (docs/decisions/0034). */
  sandboxNotice: string;
  buttonFallback: string;
  codeValidFor: (minutes: number) => string;
  ifThisWasYou: string;
  ifThisWasntYou: string;
  resetYourPassword: string;
  /** A "wasn't you?" paragraph without a link: the advice, then where to find the reset. */
  forgotOnSignIn: (advice: string) => string;
  verification: { subject: string; heading: string; intro: string; ignore: string };
  signInCode: { subject: string; heading: string; intro: string; notYou: string };
  passwordReset: {
    subject: string;
    heading: string;
    intro: string;
    button: string;
    validity: (minutes: number) => string;
    ignore: string;
  };
  newSignIn: {
    subject: string;
    heading: string;
    intro: string;
    device: string;
    ipAddress: string;
    time: string;
    unknown: string;
  };
  passwordChanged: { subject: string; heading: string; changedOn: (when: string) => string };
  signUpAttempt: {
    subject: string;
    heading: string;
    intro: string;
    signInInstead: string;
    signInBelow: string;
    signIn: string;
    forgot: string;
    ignore: string;
  };
  codeGuessing: { subject: string; heading: string; intro: string; notYou: string };
  /** Identity documents (issue 16): `document` is the type's title in the reader's language. */
  documentApproved: {
    subject: string;
    heading: string;
    intro: (document: string) => string;
    nothingToDo: string;
    button: string;
  };
  documentRejected: {
    subject: string;
    heading: string;
    intro: (document: string) => string;
    document: string;
    reason: string;
    whatToDo: string;
    button: string;
  };
}

const en: MailTexts = {
  team: `The ${PRODUCT} team`,
  sandboxNotice: 'Sandbox: no real money moves.',
  buttonFallback: 'If the button does not work, copy this link into your browser:',
  codeValidFor: (minutes) => `The code is valid for ${minutes} minutes.`,
  ifThisWasYou: 'If this was you, there is nothing to do.',
  ifThisWasntYou: "If this wasn't you, reset your password now.",
  resetYourPassword: 'Reset your password',
  forgotOnSignIn: (advice) =>
    `${advice} Choose "Forgot password?" on the ${PRODUCT} sign-in screen.`,
  verification: {
    subject: `Verify your email address for ${PRODUCT}`,
    heading: 'Verify your email address',
    intro: `Enter this code in ${PRODUCT} to verify your email address:`,
    ignore: `If you did not create a ${PRODUCT} account, you can ignore this email.`,
  },
  signInCode: {
    subject: `Your ${PRODUCT} sign-in code`,
    heading: 'Your sign-in code',
    intro: `Enter this code to finish signing in to ${PRODUCT}:`,
    notYou:
      'If you did not just try to sign in, someone else knows your password. Do not share this code with anyone, and reset your password now.',
  },
  passwordReset: {
    subject: `Reset your ${PRODUCT} password`,
    heading: 'Reset your password',
    intro: `We received a request to reset the password of your ${PRODUCT} account. Use the link below to choose a new one.`,
    button: 'Choose a new password',
    validity: (minutes) => `The link is valid for ${minutes} minutes and works once.`,
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
  newSignIn: {
    subject: `New sign-in to your ${PRODUCT} account`,
    heading: 'New sign-in to your account',
    intro: `Your ${PRODUCT} account was just signed in to from a new device:`,
    device: 'Device',
    ipAddress: 'IP address',
    time: 'Time',
    unknown: 'Unknown',
  },
  passwordChanged: {
    subject: `Your ${PRODUCT} password was changed`,
    heading: 'Your password was changed',
    changedOn: (when) => `The password of your ${PRODUCT} account was changed on ${when}.`,
  },
  signUpAttempt: {
    subject: `Someone tried to sign up to ${PRODUCT} with your email`,
    heading: 'You already have an account',
    intro: `Someone just tried to create a new ${PRODUCT} account with this email address. You already have an account, so the new sign-up cannot use this address.`,
    signInInstead: `If it was you, sign in to ${PRODUCT} instead.`,
    signInBelow: 'If it was you, sign in instead:',
    signIn: 'Sign in',
    forgot: 'If you forgot your password, you can reset it.',
    ignore: "If it wasn't you, you can ignore this email: your account has not changed.",
  },
  codeGuessing: {
    subject: `Someone is entering wrong codes for your ${PRODUCT} account`,
    heading: 'Wrong codes were entered for your account',
    intro: `Several wrong codes were just entered for your ${PRODUCT} account, so we have paused new attempts for a while. Your account and your money are safe.`,
    notYou: 'If this was not you, someone else may know your password. Reset your password now.',
  },
  documentApproved: {
    subject: `Your document for ${PRODUCT} was approved`,
    heading: 'Your document was approved',
    intro: (document) => `We checked your ${document} and approved it.`,
    nothingToDo: 'There is nothing more to do for this document.',
    button: 'See your verification',
  },
  documentRejected: {
    subject: `We could not accept your document for ${PRODUCT}`,
    heading: 'We could not accept your document',
    intro: (document) => `We checked your ${document} and could not accept it.`,
    document: 'Document',
    reason: 'Reason',
    whatToDo:
      'Please upload it again once you have put this right. Your other documents are not affected.',
    button: 'Upload again',
  },
};

const es: MailTexts = {
  team: `El equipo de ${PRODUCT}`,
  sandboxNotice: 'Sandbox: no se mueve dinero real.',
  buttonFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
  codeValidFor: (minutes) => `El código es válido durante ${minutes} minutos.`,
  ifThisWasYou: 'Si has sido tú, no tienes que hacer nada.',
  ifThisWasntYou: 'Si no has sido tú, restablece tu contraseña ahora.',
  resetYourPassword: 'Restablecer tu contraseña',
  forgotOnSignIn: (advice) =>
    `${advice} Elige «¿Has olvidado tu contraseña?» en la pantalla de inicio de sesión de ${PRODUCT}.`,
  verification: {
    subject: `Verifica tu dirección de correo electrónico en ${PRODUCT}`,
    heading: 'Verifica tu dirección de correo electrónico',
    intro: `Introduce este código en ${PRODUCT} para verificar tu dirección de correo electrónico:`,
    ignore: `Si no has creado una cuenta en ${PRODUCT}, puedes ignorar este correo.`,
  },
  signInCode: {
    subject: `Tu código para iniciar sesión en ${PRODUCT}`,
    heading: 'Tu código para iniciar sesión',
    intro: `Introduce este código para terminar de iniciar sesión en ${PRODUCT}:`,
    notYou:
      'Si no acabas de intentar iniciar sesión, otra persona conoce tu contraseña. No compartas este código con nadie y restablece tu contraseña ahora.',
  },
  passwordReset: {
    subject: `Restablece tu contraseña de ${PRODUCT}`,
    heading: 'Restablece tu contraseña',
    intro: `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${PRODUCT}. Usa el enlace de abajo para elegir una nueva.`,
    button: 'Elegir una contraseña nueva',
    validity: (minutes) =>
      `El enlace es válido durante ${minutes} minutos y solo funciona una vez.`,
    ignore:
      'Si no lo has pedido tú, puedes ignorar este correo: tu contraseña sigue siendo la misma.',
  },
  newSignIn: {
    subject: `Nuevo inicio de sesión en tu cuenta de ${PRODUCT}`,
    heading: 'Nuevo inicio de sesión en tu cuenta',
    intro: `Alguien acaba de iniciar sesión en tu cuenta de ${PRODUCT} desde un dispositivo nuevo:`,
    device: 'Dispositivo',
    ipAddress: 'Dirección IP',
    time: 'Hora',
    unknown: 'Desconocido',
  },
  passwordChanged: {
    subject: `Se ha cambiado tu contraseña de ${PRODUCT}`,
    heading: 'Se ha cambiado tu contraseña',
    changedOn: (when) => `La contraseña de tu cuenta de ${PRODUCT} se cambió el ${when}.`,
  },
  signUpAttempt: {
    subject: `Alguien ha intentado registrarse en ${PRODUCT} con tu correo electrónico`,
    heading: 'Ya tienes una cuenta',
    intro: `Alguien acaba de intentar crear una cuenta nueva en ${PRODUCT} con esta dirección de correo electrónico. Como ya tienes una cuenta, el nuevo registro no puede usar esta dirección.`,
    signInInstead: `Si has sido tú, inicia sesión en ${PRODUCT}.`,
    signInBelow: 'Si has sido tú, inicia sesión:',
    signIn: 'Iniciar sesión',
    forgot: 'Si has olvidado tu contraseña, puedes restablecerla.',
    ignore: 'Si no has sido tú, puedes ignorar este correo: tu cuenta no ha cambiado.',
  },
  codeGuessing: {
    subject: `Alguien está introduciendo códigos incorrectos en tu cuenta de ${PRODUCT}`,
    heading: 'Se han introducido códigos incorrectos en tu cuenta',
    intro: `Se acaban de introducir varios códigos incorrectos en tu cuenta de ${PRODUCT}, así que hemos pausado los nuevos intentos durante un tiempo. Tu cuenta y tu dinero están a salvo.`,
    notYou:
      'Si no has sido tú, es posible que otra persona conozca tu contraseña. Restablece tu contraseña ahora.',
  },
  documentApproved: {
    subject: `Hemos aprobado tu documento para ${PRODUCT}`,
    heading: 'Hemos aprobado tu documento',
    intro: (document) => `Hemos revisado y aprobado tu ${document}.`,
    nothingToDo: 'No tienes que hacer nada más con este documento.',
    button: 'Ver tu verificación',
  },
  documentRejected: {
    subject: `No hemos podido aceptar tu documento para ${PRODUCT}`,
    heading: 'No hemos podido aceptar tu documento',
    intro: (document) => `Hemos revisado tu ${document} y no podemos aceptar este documento.`,
    document: 'Documento',
    reason: 'Motivo',
    whatToDo:
      'Sube el documento de nuevo cuando hayas corregido esto. Tus demás documentos no se ven afectados.',
    button: 'Subir de nuevo',
  },
};

export const mailTexts: Record<Locale, MailTexts> = { en, es };
