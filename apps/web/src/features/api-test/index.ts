export { ApiTestPage } from './api-test-page';
