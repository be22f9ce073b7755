import { describe, expect, it } from 'vitest';
import {
  addressTokens,
  compareAddresses,
  compareNames,
  jaroWinkler,
  levenshtein,
  nameTokens,
  tokenSetRatio,
  verdictFor,
} from './similarity.ts';

describe('normalisation', () => {
  it('drops honorifics, punctuation, diacritics and relation markers from names', () => {
    expect(nameTokens('Mr. R.K. Sharma')).toEqual(['R', 'K', 'SHARMA']);
    expect(nameTokens('Smt. Priya  Nair')).toEqual(['PRIYA', 'NAIR']);
    expect(nameTokens('Shri José Fernandes')).toEqual(['JOSE', 'FERNANDES']);
    expect(nameTokens('Dr Ananya Bose')).toEqual(['ANANYA', 'BOSE']);
    expect(nameTokens('M/S Sharma Traders')).toEqual(['SHARMA', 'TRADERS']);
  });
  it('expands address abbreviations and old city names, splits house numbers', () => {
    expect(addressTokens('12B, Station Rd, Bombay')).toEqual(['12', 'B', 'STATION', 'ROAD', 'MUMBAI']);
    expect(addressTokens('Flat No. 4, Green Park Soc, Nehru Ngr')).toEqual([
      'FLAT',
      '4',
      'GREEN',
      'PARK',
      'SOCIETY',
      'NEHRU',
      'NAGAR',
    ]);
  });
});

describe('string measures', () => {
  it('Levenshtein and Jaro–Winkler give the textbook values', () => {
    expect(levenshtein('KITTEN', 'SITTING')).toBe(3);
    expect(jaroWinkler('MARTHA', 'MARHTA')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('DIXON', 'DICKSONX')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('ABC', '')).toBe(0);
  });
  it('token-set ratio is 1 when one side holds all the tokens of the other', () => {
    expect(tokenSetRatio(['PARK', 'STREET'], ['STREET', 'PARK', 'KOLKATA'])).toBe(1);
  });
});

describe('names', () => {
  it('ignores honorifics, case, punctuation and word order', () => {
    expect(compareNames('Mr. Rahul Kumar Sharma', 'SHARMA RAHUL KUMAR')).toMatchObject({
      score: 100,
      verdict: 'MATCH',
    });
  });
  it('matches initials to the words they abbreviate', () => {
    const s = compareNames('R K Sharma', 'Rahul Kumar Sharma');
    expect(s.verdict).toBe('MATCH');
    expect(s.score).toBeGreaterThanOrEqual(90);
    expect(s.score).toBeLessThan(100);
  });
  it('tolerates a missing middle name and a typo, not a different first name', () => {
    expect(compareNames('Rahul Sharma', 'Rahul Kumar Sharma').verdict).toBe('MATCH');
    expect(compareNames('Smt. Sneha Desai', 'Sneha Desaai').verdict).toBe('MATCH');
    expect(compareNames('Rahul', 'Rahul Sharma').verdict).toBe('PARTIAL_MATCH');
    expect(compareNames('Rahul Sharma', 'Rohan Sharma').verdict).toBe('NO_MATCH');
    expect(compareNames('Priya Nair', 'Vikram Singh')).toMatchObject({ score: 0, verdict: 'NO_MATCH' });
  });
  it('joins names written together or apart', () => {
    expect(compareNames('Ramkumar Iyer', 'Ram Kumar Iyer').score).toBe(100);
  });
  it('scores nothing when a side has no name', () => {
    expect(compareNames('Mr.', 'Rahul').score).toBe(0);
  });
});

describe('addresses', () => {
  it('matches abbreviations, punctuation and old city names', () => {
    expect(
      compareAddresses(
        '12, Sai Krupa Apts, Station Rd, Pune 411001',
        '12 Sai Krupa Apartments Station Road Pune - 411001',
      ),
    ).toMatchObject({ score: 100, verdict: 'MATCH' });
    expect(
      compareAddresses(
        'Flat 4B, Green Park Soc, Nehru Ngr, Bombay 400012',
        '4-B Green Park Society, Nehru Nagar, Mumbai 400012',
      ).verdict,
    ).toBe('MATCH');
  });
  it('caps two different pincodes below a partial match', () => {
    const s = compareAddresses('12 Station Road Pune 411001', '12 Station Road Pune 411002');
    expect(s.score).toBe(45);
    expect(s.verdict).toBe('NO_MATCH');
  });
  it('numbers match only exactly', () => {
    expect(compareAddresses('12 Park Street Kolkata', '13 Park Street Kolkata').score).toBeLessThan(
      compareAddresses('12 Park Street Kolkata', '12 Park Street Kolkata').score,
    );
  });
  it('tells different addresses apart', () => {
    expect(compareAddresses('221B Baker Street London', '12 MG Road Bengaluru 560001').verdict).toBe(
      'NO_MATCH',
    );
  });
});

describe('verdicts', () => {
  it('follow the documented thresholds', () => {
    expect([
      verdictFor('name', 80),
      verdictFor('name', 79),
      verdictFor('name', 55),
      verdictFor('name', 54),
    ]).toEqual(['MATCH', 'PARTIAL_MATCH', 'PARTIAL_MATCH', 'NO_MATCH']);
    expect([
      verdictFor('address', 75),
      verdictFor('address', 74),
      verdictFor('address', 50),
      verdictFor('address', 49),
    ]).toEqual(['MATCH', 'PARTIAL_MATCH', 'PARTIAL_MATCH', 'NO_MATCH']);
  });
});
