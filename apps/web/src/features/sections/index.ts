export { SectionPage } from './section-page';
export { SECTIONS, type SectionPath } from './sections';
export { EditBeneficiaryPage } from './edit-beneficiary-page';
