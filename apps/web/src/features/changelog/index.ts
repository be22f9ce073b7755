export { ChangelogPage } from './changelog-page';
export { ChangelogEntryPage } from './changelog-entry-page';
export type { ChangelogEntry } from './changelog';
