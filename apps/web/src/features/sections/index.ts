export { SectionPage } from './section-page';
export { SECTIONS, type SectionPath } from './sections';
