import { describe, expect, it } from 'vitest';
import { findAadhaarNumbers, maskedAadhaar } from './aadhaar.ts';
import type { OcrLine, OcrWord } from './ocr.ts';

/** OCR words laid out left to right, 20 px a character, with character boxes. */
function line(text: string, withSymbols = true): OcrLine {
  let x = 0;
  const words: OcrWord[] = text.split(' ').map((t) => {
    const word: OcrWord = {
      text: t,
      confidence: 90,
      box: { x, y: 100, width: t.length * 20, height: 30 },
      symbols: withSymbols
        ? [...t].map((c, i) => ({ text: c, box: { x: x + i * 20, y: 100, width: 18, height: 30 } }))
        : [],
    };
    x += t.length * 20 + 20;
    return word;
  });
  return { words };
}

describe('findAadhaarNumbers', () => {
  it('finds three groups of four and masks the box of the first eight digits', () => {
    const [n, ...rest] = findAadhaarNumbers([line('Aadhaar No: 4918 2736 5018')]);
    expect(rest).toEqual([]);
    expect(n!.digits).toBe('491827365018');
    // "Aadhaar" 140 + 20, "No:" 60 + 20 → the number starts at x 240; the 8th digit ends at 240 + 100 + 78.
    expect(n!.maskBox).toEqual({ x: 234, y: 94, width: 190, height: 42 });
  });

  it('finds one 12-digit word and a hyphenated one, masking by proportion without character boxes', () => {
    const found = findAadhaarNumbers([line('491827365018', false), line('ID 4918-2736-5018.')]);
    expect(found.map((f) => f.digits)).toEqual(['491827365018', '491827365018']);
    expect(found[0]!.maskBox).toEqual({ x: -6, y: 94, width: 172, height: 42 });
  });

  it('masks numbers whatever their check digit, but leaves VIDs, dates and short numbers', () => {
    expect(findAadhaarNumbers([line('1234 5678 9012')]).map((f) => f.digits)).toEqual(['123456789012']);
    expect(findAadhaarNumbers([line('VID 9134 5678 9012 3456'), line('DOB 14/08/1991 PIN 560001')])).toEqual(
      [],
    );
    expect(findAadhaarNumbers([line('4918 2736')])).toEqual([]);
  });

  it('shows only the last four digits', () => {
    expect(maskedAadhaar('491827365018')).toBe('XXXX XXXX 5018');
  });
});
