import type { FabricCallStatus, FabricProductSlug } from '@meridian/contract/fabric';
import type { NavUrl } from '@/components/layout/nav-config';
import type { BadgeVariant } from '@/components/ui/badge';

/** Each product's screen; typed against the route tree. */
export const FABRIC_PATHS = {
  'video-liveness': '/fabric/video-liveness',
  'text-match': '/fabric/text-match',
  'mobile-to-x': '/fabric/mobile-to-x',
  'kyc-validate': '/fabric/kyc-validate',
  'kyc-digilocker': '/fabric/kyc-digilocker',
  'id-classification': '/fabric/id-classification',
  'face-match': '/fabric/face-match',
  'customer-data-pull': '/fabric/customer-data-pull',
  'credit-report': '/fabric/credit-report',
  ckyc: '/fabric/ckyc',
  'aadhaar-xml': '/fabric/aadhaar-xml',
  'aadhaar-uid-masking': '/fabric/aadhaar-uid-masking',
} as const satisfies Record<FabricProductSlug, NavUrl>;

/** One line per screen: what its log holds. */
export const FABRIC_DESCRIPTIONS: Record<FabricProductSlug, string> = {
  'video-liveness': 'Video liveliness checks and their outcomes.',
  'text-match': 'Name and address match comparisons with their scores.',
  'mobile-to-x': 'Lookups from a mobile number to the name, PAN and UPI handles linked to it.',
  'kyc-validate': 'PAN, Aadhaar, voter ID, driving licence, GSTIN and passport validations.',
  'kyc-digilocker': 'DigiLocker consent requests and the documents fetched.',
  'id-classification': 'Identity-document classification results.',
  'face-match': 'Face-match comparisons with their confidence scores.',
  'customer-data-pull': 'Customer data pulls, with consent, and what they returned.',
  'credit-report': 'Credit-bureau reports: score and account summary.',
  ckyc: 'Central KYC registry searches and downloads.',
  'aadhaar-xml': 'Offline Aadhaar XML e-KYC: OTP initiations and submissions.',
  'aadhaar-uid-masking': 'Aadhaar numbers masked on document images.',
};

export const FABRIC_STATUS_VARIANTS = {
  SUCCESS: 'green',
  FAILURE: 'red',
  PENDING: 'yellow',
  REJECTED: 'grey',
  INSUFFICIENT_CREDITS: 'blue',
} as const satisfies Record<FabricCallStatus, BadgeVariant>;

export const CHANNEL_LABELS = { api_key: 'API key', dashboard: 'Dashboard' } as const;

/** "1 credit", "3 credits". */
export const creditsText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'credit' : 'credits'}`;
