// Build-time settings, parsed once. Everything is optional: in production and on the Hosting
// emulator the Firebase config comes from /__/firebase/init.json at run time, so no port or key is
// baked into the bundle. VITE_FIREBASE_* only serve hosts that do not provide that file.
import { z } from 'zod/mini';

const envSchema = z.object({
  VITE_FIREBASE_API_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_FIREBASE_AUTH_DOMAIN: z.optional(z.string().check(z.minLength(1))),
  VITE_FIREBASE_PROJECT_ID: z.optional(z.string().check(z.minLength(1))),
  VITE_FIREBASE_APP_ID: z.optional(z.string().check(z.minLength(1))),
  VITE_FIREBASE_MESSAGING_SENDER_ID: z.optional(z.string().check(z.minLength(1))),
  /**
   * The public key of the project's Web Push certificate (Firebase console → Project settings → Cloud
   * Messaging → Web Push certificates), for pushes. Without it the Firebase SDK uses its default key.
   */
  VITE_FIREBASE_VAPID_KEY: z.optional(z.string().check(z.minLength(1))),
  /** host:port of an Auth emulator to use when the config is not discovered at run time. */
  VITE_AUTH_EMULATOR_HOST: z.optional(z.string().check(z.minLength(1))),
  /**
   * The reCAPTCHA Enterprise site key of the web app's App Check (Firebase console → App Check):
   * the app's writes to /api and Storage then carry an App Check token. Unset (the emulators): no App Check.
   */
  VITE_APPCHECK_SITE_KEY: z.optional(z.string().check(z.minLength(1))),
  /** A debug token registered in the Firebase console, for a local build against a real project. */
  VITE_APPCHECK_DEBUG_TOKEN: z.optional(z.string().check(z.minLength(1))),
});

export const env = envSchema.parse(import.meta.env);
