import type { TextTable } from '../text-table.ts';

/** Sign-up, sign-in, codes, passwords and devices (modules/accounts, modules/sessions). */
export const accountTexts = {
  'accounts.codeRejected': {
    en: 'The code is not valid or has expired.',
    es: 'El código no es válido o ha caducado.',
  },
  'accounts.codeExhausted': {
    en: 'Too many wrong codes. Ask for a new code and try again.',
    es: 'Demasiados códigos incorrectos. Pide un código nuevo y vuelve a intentarlo.',
  },
  'accounts.codesLocked': {
    en: 'Too many wrong codes. For your security, please try again {wait}.',
    es: 'Demasiados códigos incorrectos. Por tu seguridad, vuelve a intentarlo {wait}.',
  },
  'accounts.tooManyCodes': {
    en: 'You have asked for too many codes. Please try again {wait}.',
    es: 'Has pedido demasiados códigos. Vuelve a intentarlo {wait}.',
  },
  'accounts.codeResendWait': {
    en: 'Please wait {seconds} seconds before asking for a new code.',
    es: 'Espera {seconds} segundos antes de pedir un código nuevo.',
  },
  'accounts.newCodeSent': {
    en: 'We have emailed you a new code.',
    es: 'Te hemos enviado un código nuevo por correo electrónico.',
  },
  'accounts.codeOwed': {
    en: 'Enter the code we emailed you to finish signing in.',
    es: 'Introduce el código que te hemos enviado por correo electrónico para terminar de iniciar sesión.',
  },
  'accounts.noCodeNeeded': {
    en: 'This session does not need a code.',
    es: 'Esta sesión no necesita un código.',
  },
  'accounts.emailAlreadyVerified': {
    en: 'Your email address is already verified.',
    es: 'Tu dirección de correo electrónico ya está verificada.',
  },
  'accounts.emailVerifiedElsewhere': {
    en: 'This email address has already been verified on another account. Sign in with that account instead.',
    es: 'Esta dirección de correo electrónico ya está verificada en otra cuenta. Inicia sesión con esa cuenta.',
  },
  'accounts.badCredentials': {
    en: 'These credentials do not match our records.',
    es: 'Estos datos de acceso no coinciden con nuestros registros.',
  },
  'accounts.tooManyFailedSignIns': {
    en: 'Too many failed sign-ins. Please try again {wait}.',
    es: 'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo {wait}.',
  },
  'accounts.tooManySignInAttempts': {
    en: 'Too many sign-in attempts. Please try again in {seconds} seconds.',
    es: 'Demasiados intentos de inicio de sesión. Vuelve a intentarlo dentro de {seconds} segundos.',
  },
  'accounts.tooManySignUps': {
    en: 'Too many sign-ups with this email. Please try again {wait}.',
    es: 'Demasiados registros con este correo electrónico. Vuelve a intentarlo {wait}.',
  },
  'accounts.passwordMismatch': {
    en: 'The password confirmation does not match.',
    es: 'La confirmación de la contraseña no coincide.',
  },
  'accounts.currentPasswordWrong': {
    en: 'The current password is not correct.',
    es: 'La contraseña actual no es correcta.',
  },
  'accounts.passwordUnchanged': {
    en: 'Choose a new password, not your current one.',
    es: 'Elige una contraseña nueva, no la que usas ahora.',
  },
  'accounts.forgotPasswordAnswer': {
    en: 'If an account exists for that email, we have sent a link to reset the password.',
    es: 'Si existe una cuenta con ese correo electrónico, te hemos enviado un enlace para restablecer la contraseña.',
  },
  'accounts.resetLinkInvalid': {
    en: 'This password reset link is invalid or has expired. Ask for a new one.',
    es: 'Este enlace para restablecer la contraseña no es válido o ha caducado. Pide uno nuevo.',
  },
  'accounts.passwordReset': {
    en: 'Your password has been reset. Please sign in with your new password.',
    es: 'Hemos restablecido tu contraseña. Inicia sesión con tu contraseña nueva.',
  },
  'accounts.passwordChanged': {
    en: 'Your password has been changed. Please sign in with your new password.',
    es: 'Hemos cambiado tu contraseña. Inicia sesión con tu contraseña nueva.',
  },
  // The password policy (docs/product/accounts-and-sessions.md#password-policy): the checklist's lines, then the refusals.
  'password.rule.length': { en: 'At least {count} characters', es: 'Al menos {count} caracteres' },
  'password.rule.uppercase': {
    en: 'At least one uppercase letter',
    es: 'Al menos una letra mayúscula',
  },
  'password.rule.lowercase': {
    en: 'At least one lowercase letter',
    es: 'Al menos una letra minúscula',
  },
  'password.rule.digits': { en: 'At least one number', es: 'Al menos un número' },
  'password.rule.wildcard': {
    en: 'At least one symbol, such as ! or #',
    es: 'Al menos un símbolo, como ! o #',
  },
  'password.tooShort': {
    en: 'The password must be at least {count} characters.',
    es: 'La contraseña debe tener al menos {count} caracteres.',
  },
  'password.needs': { en: 'The password needs {rule}.', es: 'La contraseña necesita {rule}.' },
  'password.common': {
    en: 'This password is too common or too easy to guess. Choose another.',
    es: 'Esta contraseña es demasiado común o fácil de adivinar. Elige otra.',
  },
  'password.personal': {
    en: "This password is too easy to guess: it contains the product's name or your email. Choose another.",
    es: 'Esta contraseña es demasiado fácil de adivinar: contiene el nombre del producto o tu email. Elige otra.',
  },
  'devices.current': {
    en: 'This is the device you are using. Use Sign out to end this session.',
    es: 'Este es el dispositivo que estás usando. Usa Cerrar sesión para terminar esta sesión.',
  },
} as const satisfies TextTable;
