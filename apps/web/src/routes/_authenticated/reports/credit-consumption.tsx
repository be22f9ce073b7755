import { createFileRoute } from '@tanstack/react-router';
import { CreditConsumptionPage } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/credit-consumption')({
  component: CreditConsumptionPage,
});
