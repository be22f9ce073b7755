export { PaymentLinksPage } from './payment-links-page';
