import { describe, expect, it } from 'vitest';
import {
  maskAadhaar,
  maskDob,
  maskEmail,
  maskMobile,
  maskName,
  maskPan,
  maskPersonalData,
  maskTail,
  scrubText,
} from './mask.ts';

describe('maskers', () => {
  it('mask each identifier as documented', () => {
    expect(maskAadhaar('2341 2341 2346')).toBe('XXXX XXXX 2346');
    expect(maskPan('abcps1234k')).toBe('XXXXX1234X');
    expect(maskMobile('+91 98765 43210')).toBe('XXXXXX3210');
    expect(maskEmail('anya.rao@example.com')).toBe('a***@example.com');
    expect(maskName('Rahul K Sharma')).toBe('R**** K S*****');
    expect(maskTail('MH1420110062821')).toBe('XXXXXXXXXXX2821');
    expect(maskDob('1990-04-12')).toBe('1990-XX-XX');
  });
  it('scrubs identifiers out of free text', () => {
    expect(scrubText('Aadhaar 2341 2341 2346, PAN ABCPS1234K, call 9876543210')).toBe(
      'Aadhaar XXXX XXXX 2346, PAN XXXXX1234X, call XXXXXX3210',
    );
  });
});

describe('maskPersonalData', () => {
  it('walks known keys, address objects, lists and free text', () => {
    const masked = maskPersonalData({
      name: 'Rahul Sharma',
      pan: 'ABCPS1234K',
      aadhaar_number: '234123412346',
      mobile: '9876543210',
      email: 'rahul@example.com',
      dob: '1990-04-12',
      address: {
        line1: '12, Sai Krupa Apartments',
        line2: 'Station Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      upi_handles: ['9876543210@ybl', 'rahul.sharma@okaxis'],
      bank_accounts: [{ account_number: '50100012345678', holder_name: 'Rahul Sharma', bank: 'HDFC Bank' }],
      note: 'his PAN is ABCPS1234K',
      otp: '123456',
      score: 93,
    });
    expect(masked).toEqual({
      name: 'R**** S*****',
      pan: 'XXXXX1234X',
      aadhaar_number: 'XXXX XXXX 2346',
      mobile: 'XXXXXX3210',
      email: 'r***@example.com',
      dob: '1990-XX-XX',
      address: {
        line1: '#** S** K**** A*********',
        line2: 'S****** R***',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      upi_handles: ['9***@ybl', 'r***@okaxis'],
      bank_accounts: [{ account_number: 'XXXXXXXXXX5678', holder_name: 'R**** S*****', bank: 'HDFC Bank' }],
      note: 'his PAN is XXXXX1234X',
      otp: '******',
      score: 93,
    });
  });
});

describe('masking text beyond the Basic Multilingual Plane', () => {
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  it('never cuts an emoji or another astral character in half (PostgreSQL refuses the half in jsonb)', () => {
    for (const masked of [maskName('😀 नमस्ते 𝒜lice'), maskEmail('😀x@example.com'), maskTail('ab😀😀😀😀', 4)])
      expect(masked).not.toMatch(loneSurrogate);
    expect(maskName('😀😀 Ravi')).toBe('😀* R***');
  });
});
