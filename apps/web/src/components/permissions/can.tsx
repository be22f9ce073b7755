import type { ReactNode } from 'react';
import type { Permission } from '@meridian/contract/permissions';
import { useCan } from '@/lib/api/user-details';

/**
 * Shows `children` only once the member's role is known to hold `permission` (hidden while the role loads, so a
 * forbidden button never flashes), else `fallback` (nothing by default). Every action that changes something
 * goes through this one check, so screens stay consistent with what the server would allow.
 */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(permission) ? children : fallback;
}
