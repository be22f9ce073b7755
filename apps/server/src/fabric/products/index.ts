import type { FabricProduct } from '../product.ts';
import { aadhaarUidMasking } from './aadhaar-uid-masking.ts';
import { aadhaarXml } from './aadhaar-xml.ts';
import { ckyc } from './ckyc.ts';
import { creditReport } from './credit-report.ts';
import { customerDataPull } from './customer-data-pull.ts';
import { faceMatch } from './face-match.ts';
import { idClassification } from './id-classification.ts';
import { kycDigilocker } from './kyc-digilocker.ts';
import { kycValidate } from './kyc-validate.ts';
import { mobileToX } from './mobile-to-x.ts';
import { textMatch } from './text-match.ts';
import { videoLiveness } from './video-liveness.ts';

/**
 * The products the server offers: one file each in this folder, listed here. Adding a product is adding its
 * file (a `FabricProduct`, fabric/product.ts) and its line below; the pipeline (fabric/pipeline.ts) gives it
 * its public endpoint `POST /v2/fabric/{slug}`, the key or session check, the credits, the masked log, the
 * events and callbacks; its log screen's search, count and export exist for every slug already. A slug may be
 * listed once (the registry refuses duplicates at start).
 */
export const PRODUCTS: readonly FabricProduct[] = [
  videoLiveness,
  textMatch,
  mobileToX,
  kycValidate,
  kycDigilocker,
  idClassification,
  faceMatch,
  customerDataPull,
  creditReport,
  ckyc,
  aadhaarXml,
  aadhaarUidMasking,
];
