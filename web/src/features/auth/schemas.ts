// Form schemas, built from the API's shared field schemas so both sides agree on every rule.
import { emailSchema, nameSchema, passwordSchema } from '@shared/schemas/fields';
import { z } from 'zod/mini';

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Password is required')),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'Confirm your password')),
    /** The terms in force (GET /api/terms) accepted: their version is recorded with the profile. */
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, 'Accept the Terms to register')),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }),
  );
export type RegisterFormValues = z.input<typeof registerFormSchema>;
