import { lazy } from 'react';
import { MenuOnDemand } from '@/components/ui/menu-on-demand';
import { useAuth } from '@/lib/auth';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** The signed-in user (name, e-mail, client id) with account settings and sign out; the menu loads on demand. */
export function UserMenu() {
  const { user } = useAuth();
  const name = user?.name ?? 'Account';
  return (
    <MenuOnDemand
      Menu={UserMenuDropdown}
      load={loadDropdown}
      trigger={{
        className:
          'flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'data-testid': 'user-menu',
        // The name is the text (hidden visually) rather than an aria-label, which would not contain the
        // visible initials.
        children: (
          <>
            <span aria-hidden>{initials(name)}</span>
            <span className="sr-only">Account menu for {name}</span>
          </>
        ),
      }}
    />
  );
}
