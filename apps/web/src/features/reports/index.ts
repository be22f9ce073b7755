export { ReportScreen } from './report-screen';
export { DownloadHistoryPage } from './download-history-page';
export { ApiUsagePage, CreditConsumptionPage } from './usage-pages';
