export { FlowHomePage } from './flow-home-page';
