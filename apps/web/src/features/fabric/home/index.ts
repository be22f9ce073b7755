export { FabricHomePage } from './fabric-home-page';
