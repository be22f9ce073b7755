import type { OcrLine, OcrWord } from './ocr.ts';
import type { Box } from './pixels.ts';

/**
 * Finding Aadhaar numbers in OCR output. An Aadhaar-like number is 12 digits written either as three groups of
 * four on one line (`4918 2736 5018`, OCR words side by side) or as one word (`491827365018`,
 * `4918-2736-5018`). Decision: every such number is masked, whether or not its Verhoeff check digit is right
 * and whatever its first digit. A masking service errs towards masking: one misread digit would make a real
 * number fail the check and stay visible. Runs of more digit groups (a 16-digit VID, a card number) and longer
 * digit strings are not Aadhaar numbers and are left alone.
 */

export type FoundNumber = {
  /** The 12 digits as read. */
  digits: string;
  /** The region to black out: the first 8 digits. */
  maskBox: Box;
};

const DIGITS = /^\d+$/;
/** A word as a digit string, trailing punctuation dropped (`5018.` → `5018`); null when it is not digits. */
function digitsOf(word: OcrWord): string | null {
  const t = word.text.replace(/[.,:;]+$/, '');
  if (DIGITS.test(t)) return t;
  if (/^\d{4}[-‐–]\d{4}[-‐–]\d{4}$/.test(t)) return t.replace(/\D/g, '');
  return null;
}

function union(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** A margin around the box (a fifth of its height), so that no stroke of a digit's edge stays visible. */
function pad(box: Box): Box {
  const m = Math.max(2, Math.round(box.height * 0.2));
  return { x: box.x - m, y: box.y - m, width: box.width + 2 * m, height: box.height + 2 * m };
}

/** The box of the first `n` digits of `words` (by the characters' boxes; by proportion when OCR gave none). */
function firstDigitsBox(words: OcrWord[], n: number): Box {
  const boxes: Box[] = [];
  let left = n;
  for (const word of words) {
    if (left === 0) break;
    const digitSymbols = word.symbols.filter((s) => /^\d$/.test(s.text));
    const wordDigits = digitsOf(word)!.length;
    const take = Math.min(left, wordDigits);
    if (digitSymbols.length === wordDigits) {
      boxes.push(union(digitSymbols.slice(0, take).map((s) => s.box)));
    } else {
      // No reliable character boxes: the share of the word's width that its first `take` characters hold.
      const chars = word.text.length;
      let seen = 0;
      let end = 0;
      while (seen < take && end < chars) if (/\d/.test(word.text[end++]!)) seen++;
      boxes.push({ ...word.box, width: (word.box.width * end) / chars });
    }
    left -= take;
  }
  return pad(union(boxes));
}

/** Every Aadhaar-like number in the OCR lines, with the box of its first 8 digits. */
export function findAadhaarNumbers(lines: OcrLine[]): FoundNumber[] {
  const found: FoundNumber[] = [];
  for (const { words } of lines) {
    // Split the line into maximal runs of adjacent digit words.
    let run: OcrWord[] = [];
    const flush = () => {
      const parts = run.map((w) => digitsOf(w)!);
      if (parts.length === 1 && parts[0]!.length === 12) {
        found.push({ digits: parts[0]!, maskBox: firstDigitsBox(run, 8) });
      } else if (parts.length === 3 && parts.every((p) => p.length === 4)) {
        found.push({ digits: parts.join(''), maskBox: firstDigitsBox(run, 8) });
      }
      run = [];
    };
    for (const word of words) {
      if (digitsOf(word) === null) flush();
      else run.push(word);
    }
    flush();
  }
  return found;
}

/** `XXXX XXXX 1234`: how an Aadhaar number may be shown and stored. */
export const maskedAadhaar = (digits: string) => `XXXX XXXX ${digits.slice(-4)}`;
