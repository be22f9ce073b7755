// Plain constants without zod (like messages.ts): the web app's first-paint code (the auth entry, the shell's
// navigation) and the server both read them.

/**
 * The public screens of the web app (spec §2). They are a page of their own, `auth.html`, which loads without
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
] as const;

export type AuthScreenPath = (typeof AUTH_SCREEN_PATHS)[number];

/** The auth screen a URL path (without query; one trailing slash allowed) shows, or null for any other path. */
export function authScreenOf(pathname: string): AuthScreenPath | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return (AUTH_SCREEN_PATHS as readonly string[]).includes(path) ? (path as AuthScreenPath) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Fabric's screens (the zod schemas of its calls are in fabric.ts)

/** The twelve products, by the slug of their route (spec §2) and public endpoint. */
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

const COMPANY_AND_REFERENCE = ['{product}_company_urn', 'customer_reference_number'] as const;

/** Per product: its screen's title (also its navigation label), search keys (spec §3, default first) and default date range. */
export const FABRIC_SCREENS: Record<
  FabricSlug,
  {
    title: string;
    searchKeys: readonly string[];
    /** `last7`: the last 7 days including today; `todayMinus7`: from today minus 7 days (spec §3). */
    defaultRange: 'last7' | 'todayMinus7';
  }
> = {
  'video-liveness': { title: 'Video liveness', searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'last7' },
  'text-match': { title: 'Text match', searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'last7' },
  'mobile-to-x': { title: 'Mobile to X', searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'todayMinus7' },
  'kyc-validate': {
    title: 'KYC validation',
    searchKeys: ['customer_reference_number'],
    defaultRange: 'last7',
  },
  'kyc-digilocker': {
    title: 'KYC DigiLocker',
    // customer_reference_number is accepted too and maps to customer_reference_id (spec §3)
    searchKeys: ['{product}_company_urn', '{product}_urn', 'customer_reference_id'],
    defaultRange: 'last7',
  },
  'id-classification': {
    title: 'ID classification',
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'last7',
  },
  'face-match': { title: 'Face match', searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'last7' },
  'customer-data-pull': {
    title: 'Customer data pull',
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'todayMinus7',
  },
  'credit-report': { title: 'Credit report', searchKeys: COMPANY_AND_REFERENCE, defaultRange: 'last7' },
  ckyc: {
    title: 'CKYC',
    searchKeys: ['{product}_company_urn', 'reference_id', 'customer_reference_number'],
    defaultRange: 'last7',
  },
  'aadhaar-xml': {
    title: 'Aadhaar XML',
    searchKeys: ['customer_reference_number', '{product}_transaction_id', 'initiation_transaction_id'],
    defaultRange: 'todayMinus7',
  },
  'aadhaar-uid-masking': {
    title: 'Aadhaar UID masking',
    searchKeys: COMPANY_AND_REFERENCE,
    defaultRange: 'todayMinus7',
  },
};

export const fabricSearchKeysFor = (slug: FabricSlug, product: string): string[] =>
  FABRIC_SCREENS[slug].searchKeys.map((k) => k.replace('{product}', product));
