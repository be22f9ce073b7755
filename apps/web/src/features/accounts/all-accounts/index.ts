export { AllAccountsPage } from './all-accounts-page';
