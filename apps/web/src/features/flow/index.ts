export { editBeneficiarySearchSchema, type EditBeneficiarySearch } from './edit-beneficiary-search';
