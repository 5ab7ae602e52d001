// The admins' second factor: a TOTP code from an authenticator app, checked by the server,
// which then hands out a custom token whose `mfa` claim every admin route and the rules' admin reads ask
// for. Schemas and words shared by the function and the console.
import { z } from 'zod/mini';
import { text } from './schemas/fields';

/** A code: the app's 6 digits, or one of the recovery codes (10 letters and digits, a dash in the middle). */
export const mfaCodeSchema = text({ error: 'Enter the 6-digit code' }).check(
  z.trim(),
  z.regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'Enter the 6-digit code from the app, or a recovery code'),
);

/** `POST /api/admin/mfa/verify`. */
export const mfaVerifyBody = z.strictObject({ code: mfaCodeSchema });
/** `POST /api/admin/mfa/enroll`: the first time, nothing; again (a new phone), a valid code. */
export const mfaEnrollBody = z.strictObject({ code: z.optional(mfaCodeSchema) });

export const mfaStatusSchema = z.object({ enrolled: z.boolean(), recoveryCodesLeft: z.number() });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const mfaEnrolledSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), recoveryCodes: z.array(z.string()) });
export type MfaEnrolled = z.infer<typeof mfaEnrolledSchema>;
export const mfaVerifiedSchema = z.object({ customToken: z.string() });

/** Recovery codes an enrolment gives; each works once. */
export const RECOVERY_CODES = 10;

export { MFA_MAX_AGE_SECONDS } from './mfa-age';
/** Setting the factor up without a code takes a password sign-in this recent (not a token lying around). */
export const ENROL_SIGN_IN_MAX_AGE_SECONDS = 5 * 60;

export const MFA_MESSAGES = {
  required: 'Enter the code from your authenticator app to use the admin console',
  invalidCode: 'That code is not valid: enter the current code from your authenticator app',
  notEnrolled: 'Set up two-step sign-in first',
  codeToReenrol: 'Two-step sign-in is already set up: enter a current code to set it up again',
  expired: 'Enter a code from your authenticator app again: the console asks for one every 12 hours',
  signInAgain: 'Sign in again with your password to set up two-step sign-in',
} as const;
