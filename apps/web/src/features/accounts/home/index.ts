export { AccountsHomePage } from './accounts-home-page';
