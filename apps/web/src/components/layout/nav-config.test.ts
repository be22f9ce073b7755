import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '@meridian/contract/permissions';
import {
  allows,
  filterNavByPermissions,
  filterNavGroups,
  findNavEntry,
  NAV_GROUPS,
  screenPermissions,
  type NavGroup,
} from './nav-config';

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

describe('permission filter', () => {
  const groups: NavGroup[] = [
    {
      title: 'Accounts',
      items: [
        { title: 'Settlements', url: '/accounts/settlements', icon: Icon },
        { title: 'Credit management', url: '/accounts/credits', icon: Icon, permission: 'ops.credits' },
      ],
    },
    {
      title: 'Either',
      items: [{ title: 'Either', url: '/flow', icon: Icon, permission: ['approvals.decide', 'flow.read'] }],
    },
    {
      title: 'Reports',
      permission: 'reports.read',
      items: [{ title: 'Payouts report', url: '/reports/payouts', icon: Icon }],
    },
  ];
  const items = (gs: NavGroup[]) => gs.flatMap((g) => g.items.map((i) => i.title));
  const held = (...p: string[]) => new Set(p);

  it('keeps an item for a role holding its permission, or one of its permissions', () => {
    expect(items(filterNavByPermissions(groups, held('ops.credits', 'reports.read')))).toEqual([
      'Settlements',
      'Credit management',
      'Payouts report',
    ]);
    expect(items(filterNavByPermissions(groups, held('flow.read')))).toEqual(['Settlements', 'Either']);
    expect(items(filterNavByPermissions(groups, held('approvals.decide')))).toEqual([
      'Settlements',
      'Either',
    ]);
  });

  it('hides them from other roles and while the permissions are unknown, dropping emptied groups', () => {
    expect(filterNavByPermissions(groups, held()).map((g) => g.title)).toEqual(['Accounts']);
    expect(items(filterNavByPermissions(groups, undefined))).toEqual(['Settlements']);
  });

  it('shows each built-in role only the sections its permissions read, in the real navigation', () => {
    const urls = (role: keyof typeof BUILT_IN_ROLES) =>
      filterNavByPermissions(NAV_GROUPS, new Set(BUILT_IN_ROLES[role].permissions)).flatMap((g) =>
        g.items.map((i) => String(i.url)),
      );
    const viewer = urls('viewer');
    expect(viewer).toContain('/flow/payouts');
    expect(viewer).toContain('/reports/payouts');
    expect(viewer).toContain('/configurations/callback-configurations');
    // Every client role reads the request log (logs.read).
    expect(viewer).toContain('/developers/logs');
    // A viewer reads the events (callbacks.read); resending them needs callbacks.manage.
    expect(viewer).toContain('/developers/events');
    for (const url of [
      '/flow/initiate-payout',
      '/flow/add-beneficiary',
      '/flow/bulk-upload',
      '/flow/validate',
      '/configurations/api-keys',
      '/configurations/audit-log',
      '/accounts/credits',
      '/approvals/rules',
    ]) {
      expect(viewer).not.toContain(url);
    }
    const maker = urls('finance_maker');
    expect(maker).toContain('/flow/initiate-payout');
    expect(maker).toContain('/flow/bulk-upload');
    expect(maker).toContain('/approvals');
    expect(maker).not.toContain('/configurations/audit-log');
    const approver = urls('finance_approver');
    expect(approver).toContain('/approvals');
    expect(approver).toContain('/configurations/audit-log');
    expect(approver).not.toContain('/flow/initiate-payout');
    const developer = urls('developer');
    expect(developer).toContain('/configurations/api-keys');
    expect(developer).not.toContain('/configurations/audit-log');
    const ops = urls('meridian_ops');
    expect(ops).toContain('/accounts/credits');
    expect(ops).toContain('/approvals');
    // Meridian's own approval rules (credit loads); Meridian's client moves no money of its own.
    expect(ops).toContain('/approvals/rules');
    expect(ops).not.toContain('/flow/initiate-payout');
    expect(ops).not.toContain('/accounts/settlements');
    const owner = urls('owner');
    expect(owner).toContain('/approvals/rules');
    expect(owner).not.toContain('/accounts/credits');
  });

  it('keeps the team filter apart: the flow team still hides Fabric, with or without permissions', () => {
    const flow = filterNavGroups(NAV_GROUPS, 'flow');
    const owner = new Set(BUILT_IN_ROLES.owner.permissions);
    expect(filterNavByPermissions(flow, owner).map((g) => g.title)).not.toContain('Fabric');
  });
});

describe('screen permissions', () => {
  it("names what a direct visit needs: the group's and the item's permissions", () => {
    expect(screenPermissions('/flow/payouts')).toEqual(['flow.read']);
    expect(screenPermissions('/flow/initiate-payout/')).toEqual(['flow.read', 'payouts.create']);
    expect(screenPermissions('/flow/edit-beneficiary')).toEqual(['beneficiaries.manage']);
    expect(screenPermissions('/configurations/audit-log')).toEqual(['audit.read']);
    expect(screenPermissions('/developers/logs')).toEqual(['logs.read']);
    expect(screenPermissions('/developers/events')).toEqual(['callbacks.read']);
    expect(screenPermissions('/approvals/rules')).toEqual(['approvals.configure']);
    expect(screenPermissions('/settings/account')).toEqual([]);
    expect(screenPermissions('/nowhere')).toEqual([]);
  });

  it('allows a list of permissions when any one is held, and nothing while unknown', () => {
    expect(allows(undefined, undefined)).toBe(true);
    expect(allows('flow.read', undefined)).toBe(false);
    expect(allows(['audit.read', 'flow.read'], new Set(['flow.read']))).toBe(true);
    expect(allows(['audit.read'], new Set(['flow.read']))).toBe(false);
  });
});
