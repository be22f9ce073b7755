/**
 * Whether what was typed in the palette is an id whose trace can be opened: a request id as the server makes
 * them (`REQ` + 26 characters of Crockford base32) or a urn of the shape the server makes (2–4 capital letters
 * and 26 characters: PAY…, VAC…, FAB…, BLK…).
 */
export function traceableId(input: string): string | null {
  const id = input.trim().toUpperCase();
  return /^[A-Z]{2,4}[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? id : null;
}
