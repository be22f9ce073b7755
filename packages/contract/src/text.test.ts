import { describe, expect, it } from 'vitest';
import { CalendarDate } from './flow.ts';
import { findTextViolation, textProblem } from './text.ts';

describe('text rule', () => {
  it('refuses NUL, other C0 and C1 controls and DEL everywhere', () => {
    for (const bad of [
      'a\u0000b',
      '\u0000',
      '\u001b[31m',
      'x\u0007',
      '\u007f',
      'a\u0085b',
      '\u000b',
      '\u000c',
    ])
      for (const mode of ['line', 'text'] as const)
        expect(textProblem(bad, mode), JSON.stringify(bad)).toBe('must not contain control characters');
  });
  it('keeps tab and line breaks in free text, refuses them in single-line values', () => {
    expect(textProblem('Flat 4\nMG Road\r\n\tBengaluru', 'text')).toBe(null);
    expect(textProblem('a\tb', 'line')).toBe('must not contain control characters');
    expect(textProblem('a\nb', 'line')).toBe('must not contain control characters');
  });
  it('keeps real text of any script, refuses unpaired surrogates', () => {
    for (const ok of ['', 'Asha Rao', 'नमस्ते', 'مرحبا', '₹1,25,000.00', '😀 done', "O'Brien & Sons"])
      expect(textProblem(ok, 'line'), ok).toBe(null);
    expect(textProblem('a\ud800b', 'text')).toMatch(/not valid Unicode/);
    expect(textProblem('\udc00', 'text')).toMatch(/not valid Unicode/);
  });
  it('names the first offending field, at any depth, keys included', () => {
    expect(findTextViolation({ a: 'ok', b: { c: ['x', 'y\u0000'] } }, 'text')).toEqual({
      field: 'b.c.1',
      message: 'must not contain control characters',
    });
    expect(findTextViolation({ 'k\u0000': 1 }, 'text')).toEqual({
      field: 'k\\u0000',
      message: 'name must not contain control characters',
    });
    expect(findTextViolation('\u0000', 'text', 'body')).toEqual({
      field: 'body',
      message: 'must not contain control characters',
    });
    expect(findTextViolation({ n: 1, t: true, z: null, s: 'fine' }, 'line')).toBe(null);
    expect(findTextViolation(new Uint8Array([0]), 'text')).toBe(null);
  });
  it('ends on a body that refers to itself', () => {
    const body: Record<string, unknown> = { a: { value: 'ok' } };
    (body.a as Record<string, unknown>).fields = body;
    body.b = { value: 'x\u0000' };
    expect(findTextViolation(body, 'text')?.field).toBe('b.value');
  });
  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findTextViolation(deep, 'text')?.message).toBe('must not contain control characters');
  });
});

describe('calendar dates', () => {
  it('accepts real dates and refuses impossible ones instead of rolling them over', () => {
    for (const ok of ['2025-02-28', '2024-02-29', '2000-02-29', '1900-01-01', '2999-12-31'])
      expect(CalendarDate.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['2025-02-30', '2025-02-29', '1900-02-29', '2025-13-01', '2025-00-10', '2025-1-1'])
      expect(CalendarDate.safeParse(bad).success, bad).toBe(false);
  });
  it('refuses years the date arithmetic cannot represent', () => {
    for (const bad of ['0000-01-01', '0099-12-31', '1899-12-31', '3000-01-01', '9999-12-31', '+10000-01-01'])
      expect(CalendarDate.safeParse(bad).success, bad).toBe(false);
  });
});
