export { CallbacksPage } from './callbacks-page';
