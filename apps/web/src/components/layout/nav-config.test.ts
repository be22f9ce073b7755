import { describe, expect, it } from 'vitest';
import { filterNavByRoles, filterNavGroups, findNavEntry, NAV_GROUPS, type NavGroup } from './nav-config';

const Icon = NAV_GROUPS[0]!.items[0]!.icon;
const group = (title: string, extra: Partial<NavGroup> = {}): NavGroup => ({
  title,
  items: [{ title, url: '/flow', icon: Icon }],
  ...extra,
});

describe('team filter', () => {
  const groups = [
    group('General', { default: true }),
    group('Flow', { modules: ['flow'] }),
    group('Fabric', { modules: ['fabric'] }),
    group('Reports', { modules: ['flow', 'fabric'] }),
    group('Internal'),
  ];
  const titles = (gs: NavGroup[]) => gs.map((g) => g.title);

  it('shows everything for the default team', () => {
    expect(titles(filterNavGroups(groups, 'meridian'))).toEqual([
      'General',
      'Flow',
      'Fabric',
      'Reports',
      'Internal',
    ]);
  });

  it('keeps only default groups and groups listing the team', () => {
    expect(titles(filterNavGroups(groups, 'flow'))).toEqual(['General', 'Flow', 'Reports']);
    expect(titles(filterNavGroups(groups, 'fabric'))).toEqual(['General', 'Fabric', 'Reports']);
  });

  it('filters the real navigation: flow hides the Fabric group, fabric hides Flow and Accounts', () => {
    expect(titles(filterNavGroups(NAV_GROUPS, 'flow'))).not.toContain('Fabric');
    const fabric = titles(filterNavGroups(NAV_GROUPS, 'fabric'));
    expect(fabric).toContain('Fabric');
    expect(fabric).not.toContain('Flow');
    expect(fabric).not.toContain('Accounts');
    expect(fabric).toContain('General');
  });
});

describe('navigation config', () => {
  it('lists every URL once', () => {
    const urls = NAV_GROUPS.flatMap((g) => g.items.map((i) => String(i.url)));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('finds the nav entry of a page and of its sub-pages', () => {
    expect(findNavEntry('/flow/payouts')?.item.title).toBe('Payouts');
    expect(findNavEntry('/flow/edit-beneficiary')?.group.title).toBe('Flow');
    expect(findNavEntry('/settings/display')?.item.title).toBe('Settings');
    expect(findNavEntry('/changelog/some-slug')?.item.title).toBe('Changelog');
    expect(findNavEntry('/nowhere')).toBeUndefined();
  });
});

describe('role filter', () => {
  const groups: NavGroup[] = [
    {
      title: 'Accounts',
      items: [
        { title: 'Settlements', url: '/accounts/settlements', icon: Icon },
        { title: 'Credit management', url: '/accounts/credits', icon: Icon, roles: ['ops'] },
      ],
    },
    { title: 'Ops only', items: [{ title: 'Ops', url: '/flow', icon: Icon, roles: ['ops', 'admin'] }] },
  ];
  const items = (gs: NavGroup[]) => gs.flatMap((g) => g.items.map((i) => i.title));

  it('keeps items with roles for users holding one of them', () => {
    expect(items(filterNavByRoles(groups, ['user', 'ops']))).toEqual([
      'Settlements',
      'Credit management',
      'Ops',
    ]);
    expect(items(filterNavByRoles(groups, ['admin']))).toEqual(['Settlements', 'Ops']);
  });

  it('hides them from other users and while the roles are unknown, dropping emptied groups', () => {
    expect(filterNavByRoles(groups, ['user']).map((g) => g.title)).toEqual(['Accounts']);
    expect(items(filterNavByRoles(groups, undefined))).toEqual(['Settlements']);
  });

  it('shows Credit management in the real navigation to ops only; team filtering is unchanged', () => {
    const urls = (gs: NavGroup[]) => gs.flatMap((g) => g.items.map((i) => String(i.url)));
    const flow = filterNavGroups(NAV_GROUPS, 'flow');
    expect(urls(filterNavByRoles(flow, ['ops']))).toContain('/accounts/credits');
    expect(urls(filterNavByRoles(flow, ['user']))).not.toContain('/accounts/credits');
    expect(urls(filterNavByRoles(flow, ['user']))).toContain('/accounts/settlements');
    expect(urls(filterNavByRoles(filterNavGroups(NAV_GROUPS, 'fabric'), ['ops']))).not.toContain(
      '/accounts/credits',
    );
  });
});
