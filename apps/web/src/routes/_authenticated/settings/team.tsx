import { createFileRoute } from '@tanstack/react-router';
import { TeamSettings } from '@/features/team';

export const Route = createFileRoute('/_authenticated/settings/team')({
  component: TeamSettings,
});
