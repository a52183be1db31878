import { z } from 'zod';

/** A new password: the length rules of the server (docs/security.md); the common-password list stays there. */
export const passwordSchema = z
  .string()
  .min(1, 'form.required')
  .refine((password) => [...password].length >= 8, 'account.error.passwordShort')
  .refine((password) => [...password].length <= 128, 'account.error.passwordLong');
