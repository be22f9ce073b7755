import { describe, expect, it } from 'vitest';
import { traceableId } from './trace-id';

describe('traceableId', () => {
  it('takes a request id or a urn typed whole, in any case', () => {
    expect(traceableId(' REQ01JD3V9K2QW8X7Z5N4M3P2R1AB ')).toBe('REQ01JD3V9K2QW8X7Z5N4M3P2R1AB');
    expect(traceableId('pay01jd3v9k2qw8x7z5n4m3p2r1ab')).toBe('PAY01JD3V9K2QW8X7Z5N4M3P2R1AB');
    expect(traceableId('VA01JD3V9K2QW8X7Z5N4M3P2R1AB')).toBe('VA01JD3V9K2QW8X7Z5N4M3P2R1AB');
  });

  it('leaves out partial ids and other text', () => {
    expect(traceableId('PAY01JD3V9K2QW8')).toBeNull();
    expect(traceableId('payouts')).toBeNull();
    // I, L, O and U are not Crockford base32
    expect(traceableId('PAY01JD3V9K2QW8X7Z5N4M3P2R1AI')).toBeNull();
    expect(traceableId('PAY 01JD3V9K2QW8X7Z5N4M3P2R1AB')).toBeNull();
  });
});
