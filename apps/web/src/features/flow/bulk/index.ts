export { BulkUploadPage } from './bulk-upload-page';
export { BulkCapabilitiesPage } from './bulk-capabilities-page';
