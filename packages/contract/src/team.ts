import { z } from 'zod';
import { PASSWORD_POLICY } from './auth.ts';
import { permissionSchema, roleKeySchema, roleSchema } from './permissions.ts';

/**
 * Teammates and roles (/settings/team): a client's members with their role, two-factor status and last sign-in,
 * the invitations waiting to be accepted, and the roles a member or API key may be given (built-in and custom).
 * A subpath outside the barrel: only the team screens, the invitation page and the server need it.
 */

/** How long an invitation link stays valid. */
export const INVITATION_TTL_HOURS = 72;
/** The most custom roles one client may keep. */
export const MAX_CUSTOM_ROLES = 50;

export const TEAM_MESSAGES = {
  deactivated: "This account has been deactivated by your company's admin",
  lastOwner:
    'Your company must keep at least one active owner: make another member an owner first, then try again',
  ownerOnly: 'Only an owner may grant or remove the owner role',
  ownRole: 'You cannot change your own role: ask another owner or admin',
  ownStatus: 'You cannot deactivate yourself: ask another owner or admin',
  invitationNotFound: 'This invitation link is invalid. Ask your company’s admin for a new one.',
  invitationGone:
    'This invitation has expired or has already been used. Ask your company’s admin to send a new one.',
  accepted: 'Your account is ready. Sign in with your e-mail and the password you chose.',
} as const;

export const MemberStatus = z.enum(['active', 'deactivated']);
export type MemberStatus = z.infer<typeof MemberStatus>;
export const TwoFactorMethod = z.enum(['none', 'sms', 'totp']);

export const TeamMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  role_name: z.string(),
  status: MemberStatus,
  two_factor: TwoFactorMethod.meta({
    description: 'The second factor the member signs in with: `none`, `sms` or `totp` (authenticator app).',
  }),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  urn: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  role_name: z.string(),
  invited_by: z.string(),
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean().meta({ description: 'The link is past `expires_at`: resend it to send a new one.' }),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/** GET …/team/members: the members, oldest first, and the invitations not yet accepted or revoked. */
export const TeamMembers = z.object({
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
});
export type TeamMembers = z.infer<typeof TeamMembers>;

const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'));
const PersonName = z
  .string()
  .trim()
  .min(2, 'Enter a name of at least 2 characters')
  .max(120, 'At most 120 characters');

/** POST /v2/team/invitations */
export const InviteMemberRequest = z.object({
  email: Email,
  name: PersonName.optional(),
  role: roleKeySchema.meta({ description: 'A built-in client role or one of your custom roles.' }),
});
export type InviteMemberRequest = z.infer<typeof InviteMemberRequest>;

/** GET /v2/team/invitations/lookup?token=… (public: the token is the capability). */
export const InvitationLookupQuery = z.object({ token: z.string().min(1).max(256) });
export const InvitationLookup = z.object({
  email: z.string(),
  name: z.string().nullable(),
  company: z.string(),
  role: z.string(),
  role_name: z.string(),
  mfa_required_by_company: z.boolean(),
  expires_at: z.string(),
});
export type InvitationLookup = z.infer<typeof InvitationLookup>;

/** POST /v2/team/invitations/accept */
export const AcceptInvitationRequest = z.object({
  token: z.string().min(1).max(256),
  name: PersonName,
  /** RSA-OAEP (SHA-256) encrypted, base64, like sign-in; the password policy applies once decrypted. */
  encrypted_password: z
    .string()
    .min(1)
    .max(2048)
    .meta({
      description: `The new password, RSA-OAEP (SHA-256) encrypted with the key of /v2/auth/public-key and base64-encoded, as at sign-in. ${PASSWORD_POLICY.message}.`,
    }),
});
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;

/** PATCH /v2/team/members/{user_id} */
export const ChangeMemberRoleRequest = z.object({ role: roleKeySchema });

export const TeamMemberParams = z.object({ user_id: z.string().min(1).max(64) });
export const InvitationParams = z.object({ urn: z.string().min(1).max(64) });
export const RoleParams = z.object({ role: z.string().min(1).max(48) });

/** A role as the team screen shows it: built-in or custom, and how many members and API keys hold it. */
export const TeamRole = roleSchema.extend({
  based_on: z.string().nullable(),
  members: z.number().int(),
  api_keys: z.number().int(),
});
export type TeamRole = z.infer<typeof TeamRole>;
export const TeamRoles = z.object({ data: z.array(TeamRole) });
export type TeamRoles = z.infer<typeof TeamRoles>;

/** POST /v2/team/roles and PUT /v2/team/roles/{role}: a custom role made from the client permissions. */
export const CustomRoleRequest = z.object({
  name: z.string().trim().min(2, 'Name the role (at least 2 characters)').max(60, 'At most 60 characters'),
  description: z.string().trim().max(300, 'At most 300 characters').optional(),
  based_on: z
    .string()
    .max(48)
    .optional()
    .meta({ description: 'The built-in role it starts from (for the record).' }),
  permissions: z
    .array(permissionSchema)
    .min(1, 'Choose at least one permission')
    .meta({ description: 'Catalogue permissions; Meridian staff permissions (`ops.*`) are refused.' }),
});
export type CustomRoleRequest = z.infer<typeof CustomRoleRequest>;
