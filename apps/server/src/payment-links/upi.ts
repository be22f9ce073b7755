/**
 * UPI intent links (NPCI's "UPI Linking Specifications"): `upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=…`.
 * - pa: payee VPA; pn: payee name; am: amount in rupees with two decimals (absent: the payer enters it);
 *   mam: the minimum amount the payer may enter; cu: currency (always INR); tr: the payee's transaction
 *   reference; tn: the note the payer sees.
 * Values are percent-encoded as RFC 3986 query components (a space is %20, never `+`, which some apps and
 * URLSearchParams read as a space; `+` itself is %2B); the `@` of the payee VPA stays as it is, as UPI apps expect it.
 */
export type UpiIntent = {
  pa: string;
  pn: string;
  am?: string | null;
  mam?: string | null;
  tr?: string | null;
  tn?: string | null;
};

const encode = (key: string, value: string) =>
  key === 'pa' ? encodeURIComponent(value).replace(/%40/g, '@') : encodeURIComponent(value);

export function upiIntent(p: UpiIntent): string {
  const pairs: [string, string | null | undefined][] = [
    ['pa', p.pa],
    ['pn', p.pn],
    ['am', p.am],
    ['mam', p.mam],
    ['cu', 'INR'],
    ['tr', p.tr],
    ['tn', p.tn],
  ];
  return `upi://pay?${pairs
    .filter((pair): pair is [string, string] => !!pair[1])
    .map(([k, v]) => `${k}=${encode(k, v)}`)
    .join('&')}`;
}

/** The client's collection VPA: its current account at Meridian's sandbox bank handle (`@mrdn`). */
export const collectionVpa = (accountNumber: string) => `${accountNumber}@mrdn`;

/** A UPI payee name: what the payee name pattern allows (letters, digits, spaces, . & ' ( ) , -), ≤ 99. */
export const upiPayeeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9 .&'(),-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 99) || 'Merchant';

/** The intent as a QR code: an SVG document (viewBox, crisp modules, a quiet zone of 2 modules). */
export async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode'); // loaded by the first QR code, not at start
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // A title names the image for screen readers.
  return svg.replace(
    /^<svg ([^>]*)>/,
    '<svg $1 role="img" aria-label="UPI QR code"><title>UPI QR code</title>',
  );
}
