import type { ChangelogEntry } from './changelog';
import { CHANGELOG_ENTRIES } from './entries';

export function findChangelogEntry(slug: string): ChangelogEntry | undefined {
  return CHANGELOG_ENTRIES.find((e) => e.slug === slug);
}
