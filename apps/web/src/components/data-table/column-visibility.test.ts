import { afterEach, describe, expect, it } from 'vitest';
import { chooseColumn, columnChoicesPreference, parseChoices, visibleColumnIds } from './column-visibility';

const COLUMNS = [
  { id: 'urn', priority: 1, primary: true },
  { id: 'amount', priority: 1 },
  { id: 'created_at', priority: 2 },
  { id: 'ifsc_code', priority: 3 },
  { id: 'purpose', priority: 3 },
] as const;

afterEach(() => localStorage.clear());

describe('column visibility', () => {
  it('shows priority-1 and -2 columns by default and hides priority 3', () => {
    expect(visibleColumnIds(COLUMNS, {})).toEqual(['urn', 'amount', 'created_at']);
  });

  it('applies the choices over the defaults, in column order; the primary column stays', () => {
    expect(visibleColumnIds(COLUMNS, { purpose: true, created_at: false, urn: false })).toEqual([
      'urn',
      'amount',
      'purpose',
    ]);
  });

  it('stores only the choices that differ from the default', () => {
    const shown = chooseColumn({}, COLUMNS[3], true);
    expect(shown).toEqual({ ifsc_code: true });
    const hidden = chooseColumn(shown, COLUMNS[2], false);
    expect(hidden).toEqual({ ifsc_code: true, created_at: false });
    // Back to the default: forgotten, so a changed default would apply again.
    expect(chooseColumn(hidden, COLUMNS[3], false)).toEqual({ created_at: false });
    expect(chooseColumn(hidden, COLUMNS[2], true)).toEqual({ ifsc_code: true });
  });

  it('reads stored choices, dropping anything that is not a boolean choice', () => {
    expect(parseChoices(null)).toEqual({});
    expect(parseChoices('not json')).toEqual({});
    expect(parseChoices('[true]')).toEqual({});
    expect(parseChoices('{"ifsc_code":true,"amount":"no","purpose":false}')).toEqual({
      ifsc_code: true,
      purpose: false,
    });
  });

  it('remembers the choices per list in localStorage', () => {
    const payouts = columnChoicesPreference('payouts');
    payouts.set({ ifsc_code: true });
    expect(localStorage.getItem(payouts.key)).toBe('{"ifsc_code":true}');
    expect(payouts.key).toMatch(/columns_payouts$/);
    expect(columnChoicesPreference('payouts')).toBe(payouts);
    expect(columnChoicesPreference('settlements').get()).toEqual({});
  });
});
