import { describe, expect, it } from 'vitest';
import { classifyDocument } from './classify.ts';

describe('classifyDocument', () => {
  it('recognises each type by its headings and identifier pattern', () => {
    expect(classifyDocument('INCOME TAX DEPARTMENT\nGOVT. OF INDIA\nABCPV1234K', 90)).toEqual({
      documentType: 'PAN',
      confidence: 0.85,
      evidence: ['keyword: INCOME TAX DEPARTMENT', 'pattern: PAN number'],
    });
    expect(classifyDocument('Government of India\nAsha\n4918 2736 5018', 90).documentType).toBe('AADHAAR');
    expect(
      classifyDocument("ELECTION COMMISSION OF INDIA\nElector's Name\nXYZ1234567", 90).documentType,
    ).toBe('VOTER_ID');
    expect(classifyDocument('P<INDVERMA<<ASHA<<<<<<<\nK1234567<4IND', 80)).toMatchObject({
      documentType: 'PASSPORT',
      evidence: ['pattern: passport MRZ'],
    });
  });

  it('answers UNKNOWN without a heading, and a lower confidence for a heading alone', () => {
    expect(classifyDocument('Monthly grocery list ABCPV1234K 1234 5678 9012', 95)).toEqual({
      documentType: 'UNKNOWN',
      confidence: 0,
      evidence: [],
    });
    expect(classifyDocument('GOVERNMENT OF INDIA', 100).confidence).toBe(0.6);
  });
});
