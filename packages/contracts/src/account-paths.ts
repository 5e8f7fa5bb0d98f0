/**
 * The paths of signing up and in, the second factor, passwords and the profile: all the sign-in
 * page calls. A module of their own so the page loads these and not every path of the API
 * (`apiPaths` spreads them; a bundler keeps a module's objects whole).
 */
export const accountPaths = {
  profile: '/client/v1/profile',
  signup: '/client/v1/signup',
  login: '/client/v1/login',
  mfa: '/client/v1/mfa',
  resendMfaOtp: '/client/v1/resend-mfa-otp',
  logout: '/client/v1/logout',
  forgotPassword: '/client/v1/forgot-password',
  resetPassword: '/client/v1/reset-password',
  resetPasswordCheck: '/client/v1/reset-password/check',
  passwordPolicy: '/client/v1/password-policy',
  passwordCheck: '/client/v1/password/check',
} as const;
