export { AccountBalancesPage } from './account-balances-page';
