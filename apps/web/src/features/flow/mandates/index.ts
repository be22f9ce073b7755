export { EMandatesPage, type MandatesSearch, type MandatesTab } from './e-mandates-page';
