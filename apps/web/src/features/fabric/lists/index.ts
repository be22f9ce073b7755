export { FabricListPage } from './fabric-list-page';
