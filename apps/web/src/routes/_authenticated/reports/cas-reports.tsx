import { createFileRoute } from '@tanstack/react-router';
import { ReportScreen } from '@/features/reports';

export const Route = createFileRoute('/_authenticated/reports/cas-reports')({
  component: () => (
    <ReportScreen
      title="Consolidated account statement"
      description="Every account over a range: opening balance, every posting, closing balance, as a paged PDF or a spreadsheet. Leave the account number empty for all accounts, or give several separated by commas."
      types={['consolidated_statement']}
    />
  ),
});
