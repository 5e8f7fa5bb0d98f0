import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { paginated } from './pagination.ts';
import { localeSchema } from './profile.ts';
import { text } from './text.ts';

/**
 * Every text field is bounded, so a 100 kB string is a 422 and never reaches a hash, and refuses
 * control and invisible characters (text.ts).
 */
export const emailSchema = lazySchema(() =>
  text({ field: 'email', max: 254 }).pipe(
    z.email({ error: 'The email must be a valid email address.' }),
  ),
);
const email = emailSchema;

/**
 * Checked against the policy on the server; here bounded and free of control characters. Never
 * trimmed (C5); format characters stay allowed, as an emoji sequence joins with U+200D (C4).
 */
const password = (field: string) =>
  text({ field, max: 1024, trim: false, allowFormatCharacters: true });

/** Six ASCII digits, as received (never trimmed); the text rules first, like every field. */
export const otpSchema = lazySchema(() =>
  text({
    field: 'code',
    max: 6,
    trim: false,
    messages: { tooLong: 'The code must be 6 digits.' },
  }).regex(/^\d{6}$/, { error: 'The code must be 6 digits.' }),
);

export const signupRequestSchema = lazySchema(() =>
  z.object({
    email,
    password: password('password'),
    confirm_password: password('password confirmation'),
    /**
     * The language of the screen the customer signed up on: their emails are written in it.
     * Without it, the request's Accept-Language decides (English when it names neither).
     */
    locale: localeSchema.optional(),
  }),
);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = lazySchema(() =>
  z.object({
    email,
    password: password('password'),
    /** Shown on the sign-in screen; has no effect (docs/product/routes-and-screens.md#sign-in-screen). */
    remember: z.boolean().optional(),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const otpRequestSchema = lazySchema(() => z.object({ otp: otpSchema }));
export type OtpRequest = z.infer<typeof otpRequestSchema>;

export const forgotPasswordRequestSchema = lazySchema(() => z.object({ email }));
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const INVALID_RESET_LINK = 'The reset link is invalid.';

export const resetPasswordRequestSchema = lazySchema(() =>
  z.object({
    token: text({
      field: 'token',
      max: 256,
      trim: false,
      messages: {
        required: INVALID_RESET_LINK,
        tooLong: INVALID_RESET_LINK,
        invisible: INVALID_RESET_LINK,
        malformed: INVALID_RESET_LINK,
      },
    }),
    password: password('password'),
    confirm_password: password('password confirmation'),
  }),
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * POST /client/v1/reset-password/check (defect 22): the reset form asks about its link before
 * showing the form. 200 with the account's email, masked, for a usable link; a used, expired or
 * unknown one is a 422 on `token`, with the same message reset-password gives.
 */
export const resetPasswordCheckRequestSchema = lazySchema(() =>
  resetPasswordRequestSchema.pick({ token: true }),
);
export type ResetPasswordCheckRequest = z.infer<typeof resetPasswordCheckRequestSchema>;
export const resetPasswordCheckResponseSchema = lazySchema(() => z.object({ email: z.string() }));
export type ResetPasswordCheckResponse = z.infer<typeof resetPasswordCheckResponseSchema>;

export const changePasswordRequestSchema = lazySchema(() =>
  z.object({
    current_password: password('current password'),
    password: password('password'),
    confirm_password: password('password confirmation'),
  }),
);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Answers that only say what happened. */
export const messageResponseSchema = lazySchema(() => z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Password policy (docs/product/accounts-and-sessions.md#password-policy): `value` enables a rule (for length it is the minimum). */
const policyRule = lazySchema(() =>
  z.object({
    value: z.boolean(),
    message: z.string(),
    /** A JavaScript regex literal such as "/[A-Z]/"; the client strips the slashes. */
    regex: z.string().nullable(),
  }),
);
export const passwordPolicySchema = lazySchema(() =>
  z.object({
    length: z.object({ value: z.number().int().positive(), message: z.string(), regex: z.null() }),
    uppercase: policyRule,
    lowercase: policyRule,
    digits: policyRule,
    wildcard: policyRule,
  }),
);
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

/**
 * POST /client/v1/password/check (defect 9): whether the server would refuse a password as too
 * common or too easy to guess, the one rule the served policy cannot express. Public, limited
 * per address; the checklist asks it, debounced, once the served rules pass.
 */
export const passwordCheckRequestSchema = lazySchema(() =>
  z.object({ password: password('password') }),
);
export type PasswordCheckRequest = z.infer<typeof passwordCheckRequestSchema>;
export const passwordCheckResponseSchema = lazySchema(() =>
  z.object({ commonly_used: z.boolean() }),
);
export type PasswordCheckResponse = z.infer<typeof passwordCheckResponseSchema>;

/**
 * What a session's device is (docs/product/accounts-and-sessions.md#devices, `session.device`): the software that signed
 * in. `client_code` and `os_code` are the short codes of Matomo Device Detector, the vocabulary
 * of the original's devices ("CH" Chrome, "MF" Mobile Safari; "WIN", "MAC", "AND", "IOS"), null
 * for a library such as curl or a client it has no code for; `architecture` is "x64", "x86",
 * "ARM", "MIPS" or "SuperH" when the user agent says so, else null.
 */
export const sessionDeviceSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    device_type: z.enum(['desktop', 'mobile', 'tablet', 'library', 'unknown']),
    client_code: z.string().nullable(),
    client_name: z.string().nullable(),
    client_version: z.string().nullable(),
    os_code: z.string().nullable(),
    os_name: z.string().nullable(),
    os_version: z.string().nullable(),
    architecture: z.string().nullable(),
    vendor: z.string().nullable(),
    model: z.string().nullable(),
  }),
);
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;

/** A signed-in device is a session (docs/product/accounts-and-sessions.md#devices), as `GET /devices` lists it. */
export const deviceSchema = lazySchema(() =>
  sessionDeviceSchema.extend({
    ip_address: z.string().nullable(),
    touched_at: z.iso.datetime({ offset: true }),
    created_at: z.iso.datetime({ offset: true }),
    is_current: z.boolean(),
    /**
     * The device's name in the request's language, `describeDevice(userAgent).name`
     * (device-description.ts): the same words the new-sign-in email uses. The server always sends
     * it; a fixture without it reads as "".
     */
    name: z.string().default(''),
  }),
);
export type Device = z.infer<typeof deviceSchema>;

/** POST /client/v1/devices/sign-out-others (defect 7): how many other sessions were ended. */
export const signOutOtherDevicesResponseSchema = lazySchema(() =>
  z.object({
    signed_out: z.number().int().nonnegative(),
  }),
);
export type SignOutOtherDevicesResponse = z.infer<typeof signOutOtherDevicesResponseSchema>;

export const deviceListSchema = lazySchema(() => paginated(deviceSchema));
export type DeviceList = z.infer<typeof deviceListSchema>;

/**
 * A UUID in a path (`/client/v1/device/{id}`), canonicalised to lower case: the server compares
 * ids as strings (the current session against the one to end), and PostgreSQL reads an
 * upper-case UUID as the same row. Every path id goes through this.
 */
export const uuidParam = (message = 'Not found.') =>
  z.uuid({ error: message }).transform((id) => id.toLowerCase());

export const deviceParamsSchema = lazySchema(() => z.object({ id: uuidParam() }));

/** A message kept by the outbox mail driver, as /dev/mailbox.json lists it. */
export const outboxMessageSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    created_at: z.iso.datetime({ offset: true }),
  }),
);
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
