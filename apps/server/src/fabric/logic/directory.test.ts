import { describe, expect, it } from 'vitest';
import { aadhaarHolder, ckycNumberOf, mobileOwner, panHolder, testCaseOf } from './directory.ts';
import { lookupDocument } from './documents.ts';
import { checkPan } from './identifiers.ts';

const NOW = new Date('2026-11-23T00:00:00Z');

describe('sandbox directory', () => {
  it('answers the same holder for the same number', () => {
    expect(lookupDocument('PAN', 'ABCPS1234K', NOW)).toEqual(lookupDocument('PAN', 'ABCPS1234K', NOW));
    expect(panHolder('ABCPS1234K').name).toBe('MANOJ SHARMA');
    expect(aadhaarHolder('234123412346')).toEqual(aadhaarHolder('999999992346'));
  });
  it('gives an individual PAN a surname with its 5th letter, an entity a name with it', () => {
    for (const pan of ['ABCPS1234K', 'ABCPK9876L', 'BNZPM2501F']) {
      expect(panHolder(pan).person!.last_name[0]).toBe(pan[4]);
    }
    expect(panHolder('AAACM4821Q')).toMatchObject({
      type: 'C',
      person: null,
      name: 'MERIDIAN FOODS PRIVATE LIMITED',
    });
  });
  it('follows the documented test values', () => {
    expect(testCaseOf('0000')).toBe('NOT_FOUND');
    expect(testCaseOf('0001')).toBe('INACTIVE');
    expect(testCaseOf('0002')).toBe('FLAGGED');
    expect(testCaseOf('1234')).toBeNull();
    expect(lookupDocument('PAN', 'ABCPE0000F', NOW)).toMatchObject({
      status: 'NOT_FOUND',
      holder_name: null,
    });
    expect(lookupDocument('PAN', 'ABCPE0001F', NOW)).toMatchObject({ status: 'INACTIVE' });
    expect(lookupDocument('PAN', 'ABCPE0002F', NOW).details.aadhaar_seeding_status).toBe('NOT_LINKED');
    expect(lookupDocument('AADHAAR', '234120090000', NOW).status).toBe('NOT_FOUND');
    expect(lookupDocument('AADHAAR', '234120010001', NOW).status).toBe('INACTIVE');
    expect(lookupDocument('GSTIN', '27ABCPE0001F1ZO', NOW)).toMatchObject({
      status: 'INACTIVE',
      details: { gst_status: 'Cancelled' },
    });
    expect(lookupDocument('VOTER_ID', 'XYZ1230000', NOW).status).toBe('NOT_FOUND');
  });
  it('expires a driving licence 20 years after issue', () => {
    expect(lookupDocument('DRIVING_LICENCE', 'MH1420010062821', NOW)).toMatchObject({ status: 'EXPIRED' });
    expect(lookupDocument('DRIVING_LICENCE', 'MH1420190062821', NOW)).toMatchObject({ status: 'VALID' });
  });
  it('derives a CKYC number of 14 digits and mobile owners with well-formed PANs', () => {
    expect(ckycNumberOf('ABCPS1234K')).toMatch(/^\d{14}$/);
    const owner = mobileOwner('9876543210');
    expect(checkPan(owner.pan)).toMatchObject({ ok: true, holderType: 'P' });
    expect(owner.upi_handles.length).toBeGreaterThan(0);
    expect(mobileOwner('9800000002').upi_handles).toEqual([]);
  });
});
