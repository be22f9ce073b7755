export {
  editBeneficiarySearch,
  editBeneficiarySearchSchema,
  type EditBeneficiarySearch,
} from './edit-beneficiary-search';
