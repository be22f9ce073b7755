import { createFileRoute } from '@tanstack/react-router';
import { TestDataSection } from '@/features/modes';
import { TeamSettings } from '@/features/team';

/** The company's settings: its team and roles, then (owners and admins) its test data. */
export const Route = createFileRoute('/_authenticated/settings/team')({
  component: function TeamRoute() {
    return (
      <div className="flex flex-col gap-10">
        <TeamSettings />
        <TestDataSection />
      </div>
    );
  },
});
