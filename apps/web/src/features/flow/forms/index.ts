export { InitiatePayoutPage } from './payout/initiate-payout-page';
export { AddBeneficiaryPage } from './beneficiary/add-beneficiary-page';
export { EditBeneficiaryPage } from './beneficiary/edit-beneficiary-page';
export { ValidatePage } from './validate/validate-page';
