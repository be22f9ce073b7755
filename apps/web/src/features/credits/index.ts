export { CreditsPage } from './credits-page';
