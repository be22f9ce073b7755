export { PayoutsPage } from './payouts-page';
export { BeneficiariesPage } from './beneficiaries-page';
export { ValidationsPage } from './validations-page';
export { TransactionsPage } from './transactions-page';
export type { ListPageProps } from './list-page';
