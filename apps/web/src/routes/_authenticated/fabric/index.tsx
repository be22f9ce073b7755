import { createFileRoute } from '@tanstack/react-router';
import { FabricHomePage } from '@/features/fabric/home';

export const Route = createFileRoute('/_authenticated/fabric/')({
  component: FabricHomePage,
});
