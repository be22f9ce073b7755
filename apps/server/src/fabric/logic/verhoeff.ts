/**
 * The Verhoeff check digit (dihedral group D5), which UIDAI uses as the last digit of an Aadhaar number: it
 * catches every single-digit error and every swap of two adjacent digits.
 */

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

const isDigits = (s: string) => /^\d+$/.test(s);

/** The check digit to append to `digits` (a non-empty string of decimal digits). */
export function verhoeffDigit(digits: string): number {
  if (!isDigits(digits)) throw new Error('Verhoeff needs decimal digits');
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    const d = digits.charCodeAt(n - 1 - i) - 48;
    c = D[c]![P[(i + 1) % 8]![d]!]!;
  }
  return INV[c]!;
}

/** True when the last digit of `number` is the Verhoeff check digit of the digits before it. */
export function verhoeffValid(number: string): boolean {
  if (number.length < 2 || !isDigits(number)) return false;
  let c = 0;
  const n = number.length;
  for (let i = 0; i < n; i++) {
    const d = number.charCodeAt(n - 1 - i) - 48;
    c = D[c]![P[i % 8]![d]!]!;
  }
  return c === 0;
}

/** `digits` with its Verhoeff check digit appended. */
export const withVerhoeff = (digits: string) => `${digits}${verhoeffDigit(digits)}`;
