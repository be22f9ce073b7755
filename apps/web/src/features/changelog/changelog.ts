import type { BadgeVariant } from '@/components/ui/badge';

export const CHANGE_TYPES = ['feature', 'improvement', 'bugfix', 'breaking'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** A changelog entry, held in the client. */
export interface ChangelogEntry {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  version: string;
  type: ChangeType;
  author: string;
  tags: string[];
  /** Markdown; rendered without raw HTML. */
  content: string;
  excerpt: string;
}

/** Newest first; the same date falls back to the higher version. Does not mutate its input. */
export function sortEntries(entries: readonly ChangelogEntry[]): ChangelogEntry[] {
  return [...entries].sort(
    (a, b) => b.date.localeCompare(a.date) || b.version.localeCompare(a.version, 'en', { numeric: true }),
  );
}

/** The de-duplicated, sorted union of all entries' tags. */
export function collectTags(entries: readonly ChangelogEntry[]): string[] {
  return [...new Set(entries.flatMap((e) => e.tags))].sort((a, b) => a.localeCompare(b));
}

export function filterByTag(entries: readonly ChangelogEntry[], tag: string | undefined): ChangelogEntry[] {
  return tag ? entries.filter((e) => e.tags.includes(tag)) : [...entries];
}

/** Badge colours: green feature, blue improvement, yellow bugfix, red breaking, grey otherwise. */
export function badgeVariantFor(type: string): BadgeVariant {
  switch (type) {
    case 'feature':
      return 'green';
    case 'improvement':
      return 'blue';
    case 'bugfix':
      return 'yellow';
    case 'breaking':
      return 'red';
    default:
      return 'grey';
  }
}

export const CHANGE_TYPE_LABELS: Record<ChangeType, string> = {
  feature: 'Feature',
  improvement: 'Improvement',
  bugfix: 'Bug fix',
  breaking: 'Breaking change',
};
