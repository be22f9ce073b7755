export { ReportScreen } from './report-screen';
export { DownloadHistoryPage } from './download-history-page';
