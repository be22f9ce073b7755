import { describe, expect, it } from 'vitest';
import {
  checkAadhaar,
  checkDrivingLicence,
  checkGstin,
  checkMobile,
  checkPan,
  checkPassport,
  checkVoterId,
  gstinCheckChar,
} from './identifiers.ts';

const NOW = new Date('2026-11-23T00:00:00Z');

describe('PAN', () => {
  it('accepts the format and names the holder type', () => {
    expect(checkPan('abcps1234k')).toMatchObject({
      ok: true,
      value: 'ABCPS1234K',
      holderType: 'P',
      holderTypeLabel: 'Individual',
    });
    expect(checkPan('AAACM4821Q')).toMatchObject({ ok: true, holderType: 'C', holderTypeLabel: 'Company' });
    for (const [t, label] of [
      ['H', 'Hindu Undivided Family (HUF)'],
      ['F', 'Firm or Limited Liability Partnership'],
      ['A', 'Association of Persons (AOP)'],
      ['T', 'Trust'],
      ['B', 'Body of Individuals (BOI)'],
      ['L', 'Local Authority'],
      ['J', 'Artificial Juridical Person'],
      ['G', 'Government'],
    ]) {
      expect(checkPan(`ABC${t}X1234Y`)).toMatchObject({ ok: true, holderTypeLabel: label });
    }
  });

  it('refuses a wrong holder-type letter and a wrong shape', () => {
    const wrongType = checkPan('ABCDE1234F');
    expect(wrongType.ok).toBe(false);
    expect(!wrongType.ok && wrongType.message).toMatch(/4th letter.*holder type.*'D'/);
    for (const bad of ['ABCP1234K', 'ABCPS12345', '1BCPS1234K', 'ABCPS1234', 'ABCPS1234KK', '']) {
      expect(checkPan(bad).ok).toBe(false);
    }
  });
});

describe('Aadhaar', () => {
  it('accepts 12 digits with a Verhoeff check digit, spaced or not', () => {
    expect(checkAadhaar('2341 2341 2346')).toEqual({ ok: true, value: '234123412346' });
    expect(checkAadhaar('2341-2341-2346')).toEqual({ ok: true, value: '234123412346' });
  });
  it('refuses a wrong check digit, a first digit 0 or 1, a wrong length', () => {
    expect(checkAadhaar('234123412345')).toEqual({
      ok: false,
      message: 'Invalid Aadhaar number: wrong check digit',
    });
    expect(checkAadhaar('134123412346').ok).toBe(false);
    expect(checkAadhaar('034123412346').ok).toBe(false);
    expect(checkAadhaar('23412341234').ok).toBe(false);
    expect(checkAadhaar('23412341234a').ok).toBe(false);
  });
});

describe('voter ID (EPIC)', () => {
  it('is 3 letters and 7 digits', () => {
    expect(checkVoterId('xyz 1234567')).toEqual({ ok: true, value: 'XYZ1234567' });
    expect(checkVoterId('XY12345678').ok).toBe(false);
    expect(checkVoterId('XYZ123456').ok).toBe(false);
  });
});

describe('driving licence', () => {
  it('normalises hyphens and spaces and reads state, RTO and year', () => {
    for (const v of ['MH1420110062821', 'MH-14-2011-0062821', 'mh 14 2011 0062821', 'MH14 20110062821']) {
      expect(checkDrivingLicence(v, NOW)).toMatchObject({
        ok: true,
        value: 'MH1420110062821',
        display: 'MH-14-2011-0062821',
        state: 'Maharashtra',
        rto: 'MH14',
        year: 2011,
      });
    }
  });
  it('refuses an unknown state, RTO 00, a future year, a wrong length', () => {
    expect(checkDrivingLicence('XX1420110062821', NOW).ok).toBe(false);
    expect(checkDrivingLicence('MH0020110062821', NOW).ok).toBe(false);
    expect(checkDrivingLicence('MH1420300062821', NOW).ok).toBe(false);
    expect(checkDrivingLicence('MH142011006282', NOW).ok).toBe(false);
  });
});

describe('GSTIN', () => {
  it('computes the mod-36 check character of known GSTINs', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
    expect(checkGstin('27aapfu0939f1zv')).toMatchObject({
      ok: true,
      value: '27AAPFU0939F1ZV',
      stateCode: '27',
      pan: 'AAPFU0939F',
    });
  });
  it('refuses a wrong check character, state code, embedded PAN or shape', () => {
    expect(checkGstin('27AAPFU0939F1ZW')).toEqual({
      ok: false,
      message: 'Invalid GSTIN: wrong check character',
    });
    const badState = `40AAPFU0939F1Z`;
    expect(checkGstin(badState + gstinCheckChar(badState)).ok).toBe(false);
    const badPan = `27AAPDU0939F1Z`;
    const r = checkGstin(badPan + gstinCheckChar(badPan));
    expect(!r.ok && r.message).toMatch(/PAN inside the GSTIN/);
    expect(checkGstin('27AAPFU0939F1YV').ok).toBe(false); // 14th character must be Z
    expect(checkGstin('27AAPFU0939F0ZV').ok).toBe(false); // entity number 0
  });
  it('accepts 97 and 99', () => {
    for (const code of ['97', '99', '38', '01']) {
      const first = `${code}AAPFU0939F1Z`;
      expect(checkGstin(first + gstinCheckChar(first)).ok).toBe(true);
    }
  });
});

describe('passport', () => {
  it('is a letter and 7 digits, the series letter never Q/X/Z, the first digit never 0', () => {
    expect(checkPassport('j8369854')).toEqual({ ok: true, value: 'J8369854' });
    expect(checkPassport('Q8369854').ok).toBe(false);
    expect(checkPassport('J0369854').ok).toBe(false);
    expect(checkPassport('J836985').ok).toBe(false);
    expect(checkPassport('JJ369854').ok).toBe(false);
  });
});

describe('mobile', () => {
  it('takes 10 digits starting 6–9, with +91, 91 or 0 before', () => {
    for (const v of ['9876543210', '+91 98765 43210', '919876543210', '09876543210', '(+91) 98765-43210']) {
      expect(checkMobile(v)).toEqual({ ok: true, value: '9876543210' });
    }
    expect(checkMobile('5876543210').ok).toBe(false);
    expect(checkMobile('98765').ok).toBe(false);
  });
});
