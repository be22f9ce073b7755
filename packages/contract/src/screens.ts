// Plain constants without zod (like messages.ts): the web app's first-paint code (the auth entry, the shell's
// navigation) and the server both read them.

/**
 * The public screens of the web app. They are a page of their own, `auth.html`, which loads without
 * the signed-in app's code: the server answers these paths with it and every other page path with
 * `index.html`. `/login` is on the list because the auth page sends it on to `/sign-in`.
 */
export const AUTH_SCREEN_PATHS = [
  '/sign-in',
  '/sign-in-2',
  '/sign-in-3',
  '/otp',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/accept-invite',
] as const;

export type AuthScreenPath = (typeof AUTH_SCREEN_PATHS)[number];

/** The auth screen a URL path (without query; one trailing slash allowed) shows, or null for any other path. */
export function authScreenOf(pathname: string): AuthScreenPath | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return (AUTH_SCREEN_PATHS as readonly string[]).includes(path) ? (path as AuthScreenPath) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Fabric's screens (the zod schemas of its calls are in fabric.ts)

/** The twelve products, by the slug of their route and public endpoint. */
export const FABRIC_PRODUCTS = [
  'video-liveness',
  'text-match',
  'mobile-to-x',
  'kyc-validate',
  'kyc-digilocker',
  'id-classification',
  'face-match',
  'customer-data-pull',
  'credit-report',
  'ckyc',
  'aadhaar-xml',
  'aadhaar-uid-masking',
] as const;
export type FabricSlug = (typeof FABRIC_PRODUCTS)[number];

/**
 * Each product's title: its screen's and its navigation label, and its log's (`FABRIC_LISTS` in fabric.ts,
 * which reads it). Plain text here so that the navigation, first-paint code, does not load the definitions.
 */
export const FABRIC_TITLES = {
  'video-liveness': 'Video liveness',
  'text-match': 'Text match',
  'mobile-to-x': 'Mobile to X',
  'kyc-validate': 'KYC validation',
  'kyc-digilocker': 'KYC DigiLocker',
  'id-classification': 'ID classification',
  'face-match': 'Face match',
  'customer-data-pull': 'Customer data pull',
  'credit-report': 'Credit report',
  ckyc: 'CKYC',
  'aadhaar-xml': 'Aadhaar XML',
  'aadhaar-uid-masking': 'Aadhaar UID masking',
} as const satisfies Record<FabricSlug, string>;
