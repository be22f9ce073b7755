export { ApiKeysPage } from './api-keys-page';
