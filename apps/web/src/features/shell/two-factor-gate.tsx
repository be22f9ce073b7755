import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { userDetailsQueryOptions } from '@/lib/api/user-details';

const MANAGE_2FA = '/configurations/manage-2fa';

/**
 * While the company requires two-factor sign-in and the user has not chosen a method (a user without a phone
 * signs in with the password alone), every screen but /configurations/manage-2fa sends the user there.
 */
export function TwoFactorGate() {
  const { data } = useQuery(userDetailsQueryOptions());
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const blocked = data?.mfa_required_by_company === true && data.mfa_preference === 'none';
  useEffect(() => {
    if (blocked && pathname !== MANAGE_2FA) void navigate({ to: MANAGE_2FA, replace: true });
  }, [blocked, pathname, navigate]);
  return null;
}
