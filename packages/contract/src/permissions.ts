import { z } from 'zod';

/**
 * The permission catalogue: every API operation requires exactly one of these (the route's
 * `config.permission`, published on the operation as `x-permission`), or one of the two pseudo-permissions:
 * `self` (a person's own settings: any signed-in member, never an API key) and `public` (no sign-in).
 * A role is a set of catalogue permissions; the server checks the caller's role in its one guard
 * (403 `permission_denied` naming the permission) and the web app shows only what the role allows.
 */
export const PERMISSIONS = {
  'flow.read': {
    group: 'Payments',
    label: 'See payouts, beneficiaries, validations, bulks, mandates and links',
  },
  'payouts.create': { group: 'Payments', label: 'Make single payouts' },
  'bulk.create': { group: 'Payments', label: 'Upload and submit bulk payouts' },
  'beneficiaries.manage': { group: 'Payments', label: 'Add and change beneficiaries' },
  'validations.create': { group: 'Payments', label: 'Validate bank accounts (penny drop)' },
  'mandates.manage': { group: 'Payments', label: 'Register, pause and present e-mandates' },
  'links.manage': { group: 'Payments', label: 'Create and cancel payment links' },
  'approvals.decide': { group: 'Approvals', label: 'Approve or reject requests that wait for a checker' },
  'approvals.configure': { group: 'Approvals', label: 'Change the approval rules' },
  'accounts.read': { group: 'Accounts', label: 'See balances, accounts, statements and settlements' },
  'virtual_accounts.manage': { group: 'Accounts', label: 'Create, close and reopen virtual accounts' },
  'settlements.manage': { group: 'Accounts', label: 'Change the settlement account and cycles' },
  'fabric.read': { group: 'Identity', label: 'See the KYC call logs' },
  'fabric.call': { group: 'Identity', label: 'Call the KYC products' },
  'reports.read': { group: 'Reports', label: 'See reports, API usage and the download history' },
  'reports.generate': { group: 'Reports', label: 'Generate and schedule reports' },
  'callbacks.read': { group: 'Developers', label: 'See callback settings and deliveries' },
  'callbacks.manage': { group: 'Developers', label: 'Change callback URLs, resend and replay deliveries' },
  'api_keys.manage': { group: 'Developers', label: 'Create and revoke API keys' },
  'logs.read': { group: 'Developers', label: 'See the API request log and the trace of a request' },
  'ip_allowlist.manage': { group: 'Security', label: 'Change the IP allow-list' },
  'team.manage': { group: 'Security', label: 'Invite members, grant roles, require two-factor sign-in' },
  'audit.read': { group: 'Security', label: 'Read the audit log' },
  'test_data.delete': { group: 'Security', label: 'Delete all test-mode data of the company' },
  'support.use': { group: 'Support', label: 'Raise and read support tickets' },
  'ops.credits': { group: 'Meridian operations', label: "Load and unload clients' credits, set meters" },
  'ops.support': { group: 'Meridian operations', label: "Answer clients' support tickets" },
  'ops.companies': { group: 'Meridian operations', label: "Open or close a company's live mode" },
} as const satisfies Record<string, { group: string; label: string }>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];
/** What an operation requires: a catalogue permission, `self` (one's own settings) or `public`. */
export type OperationPermission = Permission | 'self' | 'public';

/** Meridian's own staff permissions: only roles of the internal client hold them. */
export const STAFF_PERMISSIONS: readonly Permission[] = ['ops.credits', 'ops.support', 'ops.companies'];
/** What a client's role may hold (custom roles are made from these). */
export const CLIENT_PERMISSIONS: readonly Permission[] = PERMISSION_KEYS.filter(
  (p) => !STAFF_PERMISSIONS.includes(p),
);

const READ: Permission[] = ['flow.read', 'accounts.read', 'reports.read', 'support.use', 'logs.read'];

/** The built-in roles, each a documented set (docs/using/roles-and-permissions.md). */
export const BUILT_IN_ROLES = {
  owner: {
    name: 'Owner',
    description: 'Everything, including granting the owner role. A company always keeps at least one owner.',
    permissions: CLIENT_PERMISSIONS,
  },
  admin: {
    name: 'Admin',
    description: 'Everything except granting or removing the owner role.',
    permissions: CLIENT_PERMISSIONS,
  },
  finance_maker: {
    name: 'Finance maker',
    description: 'Makes payouts, bulks, beneficiaries, mandates and links; cannot approve.',
    permissions: [
      ...READ,
      'payouts.create',
      'bulk.create',
      'beneficiaries.manage',
      'validations.create',
      'mandates.manage',
      'links.manage',
      'virtual_accounts.manage',
      'reports.generate',
      'fabric.read',
    ],
  },
  finance_approver: {
    name: 'Finance approver',
    description: 'Approves or rejects what makers send; reads everything financial and the audit log.',
    permissions: [...READ, 'approvals.decide', 'reports.generate', 'audit.read', 'fabric.read'],
  },
  developer: {
    name: 'Developer',
    description:
      'Integrates: API keys, callbacks, the IP allow-list, KYC calls and their logs. Moves no money.',
    permissions: [
      ...READ,
      'fabric.read',
      'fabric.call',
      'callbacks.read',
      'callbacks.manage',
      'api_keys.manage',
      'ip_allowlist.manage',
    ],
  },
  viewer: {
    name: 'Viewer',
    description: 'Reads payments, accounts, KYC logs and reports; changes nothing.',
    permissions: [...READ, 'fabric.read', 'callbacks.read'],
  },
  meridian_ops: {
    name: 'Meridian operations',
    description:
      "Meridian staff: clients' credits, meters and support tickets; Meridian's own approval rules (credit loads) and their requests.",
    permissions: [
      ...STAFF_PERMISSIONS,
      // The approval requests' details and history are read with flow.read (Meridian's own client moves no money).
      'flow.read',
      'support.use',
      'reports.read',
      'approvals.decide',
      'approvals.configure',
      'audit.read',
    ],
  },
} as const satisfies Record<
  string,
  { name: string; description: string; permissions: readonly Permission[] }
>;

export type BuiltInRole = keyof typeof BUILT_IN_ROLES;
export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRole[];
/** The roles a customer's member or API key may be given among the built-in ones. */
export const CLIENT_ROLE_KEYS: BuiltInRole[] = BUILT_IN_ROLE_KEYS.filter((r) => r !== 'meridian_ops');
/** The role of an API key made without one. */
export const DEFAULT_API_KEY_ROLE: BuiltInRole = 'developer';

export const isBuiltInRole = (role: string): role is BuiltInRole => Object.hasOwn(BUILT_IN_ROLES, role);

/** A custom role's key: `custom_` + lowercase letters, digits and underscores. */
export const CUSTOM_ROLE_KEY = /^custom_[a-z0-9_]{1,40}$/;

export const permissionSchema = z.enum(PERMISSION_KEYS as [Permission, ...Permission[]]);
export const roleKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(48)
  .refine((r) => isBuiltInRole(r) || CUSTOM_ROLE_KEY.test(r), 'is not a role');

/** A role as the API shows it (built-in or custom). */
export const roleSchema = z.object({
  role: z.string(),
  name: z.string(),
  description: z.string(),
  built_in: z.boolean(),
  permissions: z.array(permissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

/** The built-in roles as the API shows them. */
export const builtInRoles = (keys: readonly BuiltInRole[] = CLIENT_ROLE_KEYS): Role[] =>
  keys.map((key) => ({
    role: key,
    name: BUILT_IN_ROLES[key].name,
    description: BUILT_IN_ROLES[key].description,
    built_in: true,
    permissions: [...BUILT_IN_ROLES[key].permissions],
  }));

/** The text of a 403 for a missing permission. */
export const permissionDeniedMessage = (permission: Permission) =>
  `Your role does not allow this: it needs the ${permission} permission (${PERMISSIONS[permission].label.toLowerCase()}). Ask an owner or admin of your company.`;
