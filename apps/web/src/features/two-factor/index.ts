export { TwoFactorPage } from './two-factor-page';
