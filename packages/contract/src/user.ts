import { z } from 'zod';

export const MfaPreference = z.enum(['none', 'sms', 'totp']);
export type MfaPreference = z.infer<typeof MfaPreference>;

export const UserDetails = z.object({
  name: z.string(),
  email: z.string(),
  client_id: z.string(),
  company_common_name: z.string(),
  /** e.g. `+91******0001`; null when no phone is on file. */
  phone: z.string().nullable(),
  mfa_preference: MfaPreference,
  /** A client admin requires two-factor sign-in for every user of the company. */
  mfa_required_by_company: z.boolean(),
  /** `[role]`: the member's role key (as the token's scope). */
  roles: z.array(z.string()),
  /** The member's role (built-in key or `custom_…`), its name, and the permissions it holds. */
  role: z.string(),
  role_name: z.string(),
  permissions: z.array(z.string()),
});
export type UserDetails = z.infer<typeof UserDetails>;

export const UpdateUserDetails = z
  .object({
    name: z.string().trim().min(2).max(120).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+[1-9][0-9]{9,14}$/, 'Enter the phone number in international format, e.g. +919800000001')
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.phone !== undefined, { message: 'Nothing to update' });
