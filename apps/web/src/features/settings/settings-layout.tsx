import type { ReactNode } from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import Bell from 'lucide-react/icons/bell';
import Monitor from 'lucide-react/icons/monitor';
import Palette from 'lucide-react/icons/palette';
import UserRound from 'lucide-react/icons/user-round';
import Users from 'lucide-react/icons/users';
import { PageFrame } from '@/components/layout/page-frame';

const TABS = [
  { title: 'Account', url: '/settings/account', icon: UserRound },
  { title: 'Appearance', url: '/settings/appearance', icon: Palette },
  { title: 'Display', url: '/settings/display', icon: Monitor },
  { title: 'Notifications', url: '/settings/notifications', icon: Bell },
  { title: 'Team', url: '/settings/team', icon: Users },
] as const;

/** Settings: a side list of the settings pages and the current one. */
export function SettingsLayout() {
  return (
    <PageFrame
      title="Settings"
      description="Your account, and how the dashboard looks and behaves on this device."
      breadcrumb={[{ label: 'General' }, { label: 'Settings' }]}
    >
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-12">
        <nav aria-label="Settings" className="lg:w-48 lg:shrink-0">
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {TABS.map(({ title, url, icon: Icon }) => (
              <li key={url}>
                <Link
                  to={url}
                  className="flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[status=active]:bg-accent data-[status=active]:font-medium"
                >
                  <Icon className="size-4" aria-hidden />
                  {title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1 lg:max-w-2xl">
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}

/** Heading and one line of a settings page, with a rule below. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="settings-section-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 border-b pb-4">
        <h2 id="settings-section-title" className="text-lg font-medium">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </header>
      {children}
    </section>
  );
}
