import { describe, expect, it } from 'vitest';
import { fieldFor, fromJson, initialDraft, toJson, type Draft } from './schema-form';
import type { JsonSchema } from './openapi';

const payout: JsonSchema = {
  type: 'object',
  required: ['beneficiary_code', 'amount', 'transfer_type', 'beneficiary'],
  properties: {
    beneficiary_code: { type: 'string', minLength: 2, maxLength: 10 },
    amount: { type: 'string', pattern: '^\\d+\\.\\d{2}$', example: '100.00' },
    transfer_type: { type: 'string', enum: ['IMPS', 'NEFT', 'UPI'] },
    priority: { type: 'integer', minimum: 1, maximum: 5, default: 3 },
    notify: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    beneficiary: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, email: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    },
    note: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
};

describe('fieldFor: schema → form', () => {
  it('makes fields of an object with their kinds and required marks', () => {
    const field = fieldFor(payout, '', true);
    expect(field.kind).toBe('object');
    if (field.kind !== 'object') return;
    expect(field.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['beneficiary_code', 'string', true],
      ['amount', 'string', true],
      ['transfer_type', 'enum', true],
      ['priority', 'integer', false],
      ['notify', 'boolean', false],
      ['tags', 'array', false],
      ['beneficiary', 'object', true],
      ['note', 'object', false],
    ]);
    const beneficiary = field.fields.find((f) => f.name === 'beneficiary');
    // A nullable string (anyOf with null) is a plain optional string field.
    expect(beneficiary?.kind === 'object' && beneficiary.fields.map((f) => f.kind)).toEqual([
      'string',
      'string',
    ]);
  });

  it('turns a union into a variant picker, a union of constants into an enum, and the rest into JSON', () => {
    const union = fieldFor({
      oneOf: [
        {
          type: 'object',
          properties: { mode: { const: 'UPI' }, vpa: { type: 'string' } },
          required: ['vpa'],
        },
        { type: 'object', properties: { mode: { const: 'IMPS' }, account: { type: 'string' } } },
      ],
    });
    expect(union.kind).toBe('union');
    expect(union.kind === 'union' && union.variants.map((v) => v.label)).toEqual(['mode: UPI', 'mode: IMPS']);
    expect(fieldFor({ anyOf: [{ const: 'a' }, { const: 'b' }] })).toMatchObject({
      kind: 'enum',
      options: ['a', 'b'],
    });
    expect(fieldFor({ type: 'object', additionalProperties: { type: 'string' } }).kind).toBe('json');
    expect(
      fieldFor({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } }).kind,
    ).toBe('json');
    expect(
      fieldFor({ allOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { required: ['a'] }] }),
    ).toMatchObject({ kind: 'object', fields: [{ name: 'a', required: true }] });
  });
});

describe('initialDraft, toJson and fromJson', () => {
  const field = fieldFor(payout, '', true);

  it('prefills defaults and examples, and refuses what is missing or malformed with clear messages', () => {
    const draft = initialDraft(field) as Record<string, Draft>;
    expect(draft['amount']).toBe('100.00');
    expect(draft['priority']).toBe('3');
    const { errors } = toJson(field, draft, '');
    expect(errors).toEqual([
      { path: 'beneficiary_code', message: 'beneficiary_code is required' },
      { path: 'transfer_type', message: 'transfer_type is required' },
      { path: 'beneficiary.name', message: 'beneficiary.name is required' },
    ]);
    const bad = toJson(
      field,
      {
        ...draft,
        beneficiary_code: 'X',
        amount: '100',
        transfer_type: 'SWIFT',
        priority: '2.5',
        tags: ['a', 'b', 'c'],
        beneficiary: { name: 'Asha', email: '' },
      },
      '',
    );
    expect(bad.errors.map((e) => e.message)).toEqual([
      'beneficiary_code must be at least 2 characters',
      'amount must match ^\\d+\\.\\d{2}$',
      'transfer_type must be one of IMPS, NEFT, UPI',
      'priority must be a whole number',
      'tags takes at most 2 item(s)',
    ]);
  });

  it('builds the JSON: numbers, booleans and arrays typed, empty optional fields and objects left out', () => {
    const draft: Draft = {
      beneficiary_code: 'BEN01',
      amount: '1250.00',
      transfer_type: 'UPI',
      priority: '5',
      notify: 'false',
      tags: ['x', ''],
      beneficiary: { name: "O'Brien", email: '' },
      note: { text: '' },
    };
    expect(toJson(field, draft, '')).toEqual({
      value: {
        beneficiary_code: 'BEN01',
        amount: '1250.00',
        transfer_type: 'UPI',
        priority: 5,
        notify: false,
        tags: ['x'],
        beneficiary: { name: "O'Brien" },
      },
      errors: [],
    });
    expect(toJson(fieldFor({ type: 'integer', maximum: 5 }, 'n', true), '9').errors).toEqual([
      { path: 'n', message: 'n must be at most 5' },
    ]);
    expect(toJson(fieldFor({ type: 'number' }, 'n'), 'abc').errors[0]?.message).toBe('n must be a number');
    expect(toJson(fieldFor({}, 'meta', true), '{oops').errors[0]?.message).toBe('meta is not valid JSON');
  });

  it('round-trips through the raw JSON tab (fromJson → toJson), choosing the union variant that fits', () => {
    const value = {
      beneficiary_code: 'BEN01',
      amount: '10.00',
      transfer_type: 'NEFT',
      priority: 1,
      notify: true,
      tags: ['a'],
      beneficiary: { name: 'Ravi', email: 'r@x.in' },
      note: { text: 'hi' },
    };
    expect(toJson(field, fromJson(field, value), '')).toEqual({ value, errors: [] });
    const union = fieldFor({
      oneOf: [
        { type: 'object', properties: { mode: { const: 'UPI' }, vpa: { type: 'string' } } },
        { type: 'object', properties: { mode: { const: 'IMPS' }, account: { type: 'string' } } },
      ],
    });
    const draft = fromJson(union, { mode: 'IMPS', account: '123' });
    expect(draft).toMatchObject({ variant: 1 });
    expect(toJson(union, draft).value).toEqual({ mode: 'IMPS', account: '123' });
  });
});
