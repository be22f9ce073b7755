export { EMandatesPage } from './e-mandates-page';
export { mandatesSearchSchema, type MandatesSearch, type MandatesTab } from './search';
