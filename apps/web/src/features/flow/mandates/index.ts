export {
  EMandatesPage,
  mandatesSearchSchema,
  type MandatesSearch,
  type MandatesTab,
} from './e-mandates-page';
