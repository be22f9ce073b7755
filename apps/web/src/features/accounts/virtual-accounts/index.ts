export { VirtualAccountsPage } from './virtual-accounts-page';
