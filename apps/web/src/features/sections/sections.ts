/**
 * What each not-yet-built screen will hold, and its honest empty state. Titles, icons and breadcrumbs come
 * from the navigation config; `title` here only names screens that are not in the navigation.
 */
export interface SectionInfo {
  title?: string;
  /** One line: what the page will hold. */
  description: string;
  /** Empty-state heading, e.g. 'No payouts yet'. */
  empty: string;
  emptyHint?: string;
  /** Overview pages list the screens of their navigation group. */
  overview?: boolean;
}

export const SECTIONS = {
  // Flow
  '/flow': {
    description: 'Payouts, beneficiaries, bank-account validation and bulk payouts.',
    empty: 'No payouts yet',
    emptyHint: 'Once you initiate payouts, their volumes and latest statuses will show here.',
    overview: true,
  },
  '/flow/bulk-upload': {
    description: 'Upload a file of payouts to process them in one batch.',
    empty: 'No bulk uploads yet',
  },
  '/flow/bulk-capabilities': {
    description: 'Bulk batches with their line items, input files and response files.',
    empty: 'No bulk batches yet',
  },
  // Accounts
  '/accounts': {
    description: 'Your virtual accounts, all accounts, their balances and settlements.',
    empty: 'No accounts yet',
    overview: true,
  },
  '/accounts/virtual-accounts': {
    description: 'Virtual accounts for collections, and creating new ones.',
    empty: 'No virtual accounts yet',
  },
  '/accounts/all-accounts': {
    description: 'Every account with its transactions, searchable by account number and customer id.',
    empty: 'No accounts yet',
  },
  '/accounts/account-balances': {
    description: 'Current balances of your accounts.',
    empty: 'No balances to show yet',
  },
  '/accounts/settlements': {
    description: 'Your settlement account, the cycles that settle collections, and every settlement.',
    empty: 'No settlements yet',
  },
  '/accounts/credits': {
    description: 'Meridian operations: client credits, their history and API prices.',
    empty: 'No companies yet',
  },
  // Reports
  '/reports': {
    description: 'Generate reports and download them from the download history.',
    empty: 'No reports yet',
    overview: true,
  },
  '/reports/payouts': { description: 'Payout reports as CSV, XLSX or JSON.', empty: 'No payout reports yet' },
  '/reports/vba-mis': {
    description: 'Virtual bank account MIS report downloads.',
    empty: 'No VBA MIS reports yet',
  },
  '/reports/virtual-accounts': {
    description: 'Virtual-account reports.',
    empty: 'No virtual-account reports yet',
  },
  '/reports/beneficiary-report': { description: 'Beneficiary reports.', empty: 'No beneficiary reports yet' },
  '/reports/collection-requests': {
    description: 'Collection-request reports.',
    empty: 'No collection-request reports yet',
  },
  '/reports/fabric': {
    description: 'Reports of Fabric identity-verification calls.',
    empty: 'No Fabric reports yet',
  },
  '/reports/cas-reports': { description: 'Consolidated account statements.', empty: 'No statements yet' },
  '/reports/api-usage': {
    description: 'API calls and the credits they used, by API.',
    empty: 'No API usage yet',
  },
  '/reports/credit-consumption': {
    description: 'Credit consumption over time.',
    empty: 'No credit consumption yet',
  },
  '/reports/download-history': {
    description: 'Reports you have requested, their status and their download links.',
    empty: 'No downloads yet',
  },
  // Configurations and the rest
  '/configurations': {
    description: 'Callback settings, the IP allow-list, API keys and your two-factor preference.',
    empty: 'Nothing configured yet',
    overview: true,
  },
  '/configurations/callback-configurations': {
    description: 'The URLs Meridian calls when a payout or verification changes state.',
    empty: 'No callbacks configured',
  },
  '/configurations/manage-ips': {
    description: 'The IP addresses allowed to call the API with your credentials.',
    empty: 'No IP addresses allowed yet',
  },
  '/configurations/audit-log': {
    description: 'Who did what in your account, when and from which address (admins only).',
    empty: 'No audit records yet',
  },
  '/developers/logs': {
    description:
      'Every API request, from the dashboard or an API key, with its answer and a curl to repeat it.',
    empty: 'No requests yet',
  },
  '/developers/events': {
    description: 'Every event emitted for your company, with its callback deliveries; resend any of them.',
    empty: 'No events yet',
  },
  '/configurations/manage-2fa': {
    description: 'Sign-in with a second step: a code sent by SMS or from an authenticator app.',
    empty: 'Two-factor sign-in cannot be changed from the dashboard yet',
  },
  '/api-test': {
    description: 'Try API calls against the sandbox with your credentials.',
    empty: 'The API test console is not available yet',
  },
  '/help-center': {
    description: 'Guides, API documentation and how to reach support.',
    empty: 'No help articles yet',
    emptyHint: 'The API reference is available at /docs in the meantime.',
  },
} as const satisfies Record<string, SectionInfo>;

export type SectionPath = keyof typeof SECTIONS;
