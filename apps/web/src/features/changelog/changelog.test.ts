import { describe, expect, it } from 'vitest';
import { badgeVariantFor, collectTags, filterByTag, sortEntries, type ChangelogEntry } from './changelog';
import { CHANGELOG_ENTRIES } from './entries';

const entry = (over: Partial<ChangelogEntry>): ChangelogEntry => ({
  slug: 's',
  title: 't',
  date: '2025-01-01',
  version: 'v1.0.0',
  type: 'feature',
  author: 'a',
  tags: [],
  content: '',
  excerpt: '',
  ...over,
});

describe('changelog', () => {
  it('holds exactly the two entries, newest first once sorted', () => {
    const sorted = sortEntries(CHANGELOG_ENTRIES);
    expect(sorted.map((e) => [e.date, e.version])).toEqual([
      ['2025-09-03', 'v20.1.0'],
      ['2025-08-25', 'v3.0.0'],
    ]);
    expect(new Set(sorted.map((e) => e.slug)).size).toBe(2);
    for (const e of sorted) {
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.content.length).toBeGreaterThan(0);
      expect(e.excerpt.length).toBeGreaterThan(0);
    }
  });

  it('sorts newest first without mutating, breaking date ties by numeric version', () => {
    const input = [
      entry({ slug: 'a', date: '2024-05-01' }),
      entry({ slug: 'b', date: '2025-02-01', version: 'v2.0.0' }),
      entry({ slug: 'c', date: '2025-02-01', version: 'v10.0.0' }),
    ];
    expect(sortEntries(input).map((e) => e.slug)).toEqual(['c', 'b', 'a']);
    expect(input.map((e) => e.slug)).toEqual(['a', 'b', 'c']);
  });

  it('builds the de-duplicated, sorted union of tags', () => {
    const tags = collectTags([entry({ tags: ['ui', 'api'] }), entry({ tags: ['api', 'billing'] })]);
    expect(tags).toEqual(['api', 'billing', 'ui']);
    expect(collectTags(CHANGELOG_ENTRIES)).toEqual(
      [...new Set(CHANGELOG_ENTRIES.flatMap((e) => e.tags))].sort(),
    );
  });

  it('filters by tag', () => {
    const list = [entry({ slug: 'a', tags: ['x'] }), entry({ slug: 'b', tags: ['y'] })];
    expect(filterByTag(list, 'y').map((e) => e.slug)).toEqual(['b']);
    expect(filterByTag(list, undefined)).toHaveLength(2);
  });

  it('maps types to badge colours: green, blue, yellow, red, grey otherwise', () => {
    expect(badgeVariantFor('feature')).toBe('green');
    expect(badgeVariantFor('improvement')).toBe('blue');
    expect(badgeVariantFor('bugfix')).toBe('yellow');
    expect(badgeVariantFor('breaking')).toBe('red');
    expect(badgeVariantFor('docs')).toBe('grey');
    expect(badgeVariantFor('')).toBe('grey');
  });
});
