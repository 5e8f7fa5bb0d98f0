/** API paths the web app calls, written once. */
export const apiPaths = {
  csrfCookie: '/sanctum/csrf-cookie',
  countries: '/client/v1/countries',
  sourceCountries: '/client/v1/countries/source',
  updateCountry: '/client/v1/update-country',
  updateAttributes: '/client/v1/update',
  updateMobileNumber: '/client/v1/update-mobile-number',
  tasks: '/client/v1/tasks',
  profile: '/client/v1/profile',
  profileLocale: '/client/v1/profile/locale',
  signup: '/client/v1/signup',
  login: '/client/v1/login',
  mfa: '/client/v1/mfa',
  resendMfaOtp: '/client/v1/resend-mfa-otp',
  logout: '/client/v1/logout',
  resendEmailVerification: '/client/v1/resend-email-verification',
  verifyEmailAddress: '/client/v1/verify-email-address',
  forgotPassword: '/client/v1/forgot-password',
  resetPassword: '/client/v1/reset-password',
  resetPasswordCheck: '/client/v1/reset-password/check',
  changePassword: '/client/v1/change-password',
  passwordPolicy: '/client/v1/password-policy',
  passwordCheck: '/client/v1/password/check',
  devices: '/client/v1/devices',
  signOutOtherDevices: '/client/v1/devices/sign-out-others',
  countryWaitlist: '/client/v1/country-waitlist',
  device: (id: string) => `/client/v1/device/${encodeURIComponent(id)}`,
  devMailbox: '/dev/mailbox.json',
  realtimeConfig: '/client/v1/realtime-config',
  broadcastingAuth: '/broadcasting/auth',
  broadcastingUserAuth: '/broadcasting/user-auth',
  relationships: '/client/v1/resources/relationships',
  occupations: '/client/v1/resources/occupations',
  currencySalaryRanges: '/client/v1/resources/currency-salary-ranges',
  payoutTargets: '/client/v1/payout/targets',
  payoutMethods: '/client/v1/payout/methods',
  rateHistory: '/client/v1/rates/history',
} as const;

/** Route patterns with their parameters, as the server registers them. */
export const routePatterns = {
  device: '/client/v1/device/:id',
} as const;

/** Paths the server owns; everything else under GET is the SPA (history mode). */
export const serverPathPrefixes = [
  '/client/',
  '/sanctum/',
  '/broadcasting/',
  '/apps/',
  '/app/',
  '/dev/',
  '/docs',
  '/healthz',
  '/readyz',
] as const;
