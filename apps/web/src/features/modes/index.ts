export { TestDataSection } from './test-data-section';
