import { z } from 'zod';
import type { FabricProduct } from '../product.ts';
import { classifyDocument } from '../images/classify.ts';
import { base64Image, decodeImage, describeImage } from '../images/decode.ts';
import { sampleBase64 } from '../images/samples.ts';
import { recognize } from '../images/ocr.ts';

/**
 * ID classification: OCR the document image and classify it by its printed headings and identifier pattern
 * (images/classify.ts): PAN, AADHAAR, VOTER_ID, DRIVING_LICENCE, PASSPORT or UNKNOWN, with a confidence. The
 * answer names the evidence (headings, which pattern) but never the identifier read.
 */
const body = z.object({ image: base64Image('the document image') });

export const idClassification: FabricProduct<typeof body> = {
  slug: 'id-classification',
  // read when the demo seed asks (the images are files of the repo)
  get demo() {
    return DEMO_INPUTS();
  },
  price: 3,
  body,
  maskRequest: (input) => ({ image: describeImage(input.image) }),
  async run(input) {
    const image = decodeImage(input.image, 'image');
    const ocr = await recognize(image.file);
    const c = classifyDocument(ocr.text, ocr.confidence);
    const result = {
      document_type: c.documentType,
      confidence: c.confidence,
      evidence: c.evidence,
      image: { type: image.type, width: image.width, height: image.height },
    };
    const known = c.documentType !== 'UNKNOWN';
    return {
      status: known ? 'SUCCESS' : 'FAILURE',
      resultCode: c.documentType,
      message: known ? null : 'Not a recognised identity document',
      result,
      maskedResult: result,
    };
  },
};

/** Sample bodies for the seed: one of each type with a test image, and a page that is no document. */
export const DEMO_INPUTS = (): z.infer<typeof body>[] =>
  ['pan-card.png', 'aadhaar-card.png', 'voter-id.png', 'passport.png', 'plain-text.png'].map((f) => ({
    image: sampleBase64(f),
  }));
