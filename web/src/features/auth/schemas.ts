// Form schemas, built from the API's shared field schemas so both sides agree on every rule.
import { emailSchema, nameSchema, passwordSchema } from '@shared/schemas';
import { z } from 'zod';

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Confirm your password'),
  })
  .refine((values) => values.password === values.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type RegisterFormValues = z.input<typeof registerFormSchema>;
