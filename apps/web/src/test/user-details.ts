import { BUILT_IN_ROLES, type BuiltInRole } from '@meridian/contract/permissions';

/**
 * GET /v2/user/details as the server answers it for a member of `role` (its built-in permissions): screens show
 * their actions only to a role that holds their permission, so a test of an action signs in as a role that may.
 */
export function userDetailsFor(role: BuiltInRole = 'owner') {
  return {
    name: 'Asha',
    email: 'asha@acme.test',
    client_id: 'C1',
    company_common_name: 'Acme',
    phone: null,
    mfa_preference: 'none',
    mfa_required_by_company: false,
    roles: [role],
    role,
    role_name: BUILT_IN_ROLES[role].name,
    permissions: [...BUILT_IN_ROLES[role].permissions],
  };
}
