import { Link } from '@tanstack/react-router';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { OnDemandMenuProps } from '@/components/ui/menu-on-demand';
import { useAuth } from '@/lib/auth';
import { useSignOut } from './use-sign-out';

/** The user menu's dropdown (loaded on demand by UserMenu): who is signed in, account settings, sign out. */
export default function UserMenuDropdown({ trigger, open, onOpenChange }: OnDemandMenuProps) {
  const { user } = useAuth();
  const signOut = useSignOut();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5 text-sm font-normal">
          <span className="truncate font-medium">{user?.name ?? 'Account'}</span>
          {user && <span className="truncate text-xs text-muted-foreground">{user.email}</span>}
          {user && (
            <span className="truncate text-xs text-muted-foreground">Client ID: {user.client_id}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/settings/account">
              <Settings aria-hidden />
              Account settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOut aria-hidden />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
