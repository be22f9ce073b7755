import { z } from 'zod';
import type { FabricProduct } from '../product.ts';
import { findAadhaarNumbers, maskedAadhaar } from '../images/aadhaar.ts';
import { base64Image, decodeImage, describeFile, describeImage, encodeImage } from '../images/decode.ts';
import { sampleBase64 } from '../images/samples.ts';
import { recognize } from '../images/ocr.ts';
import { blackOut } from '../images/pixels.ts';

/**
 * Aadhaar UID masking: OCR the image, find every Aadhaar-like number (images/aadhaar.ts), black out the boxes
 * of its first 8 digits and answer the masked image in the type received (PNG → PNG, JPEG → JPEG at quality
 * 90). The input and the masked image are never stored: the log keeps their type, size and SHA-256.
 */
const body = z.object({ image: base64Image('the image') });

export const aadhaarUidMasking: FabricProduct<typeof body> = {
  slug: 'aadhaar-uid-masking',
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
    const numbers = findAadhaarNumbers(ocr.lines);
    for (const n of numbers) blackOut(image, n.maskBox);
    const masked =
      numbers.length > 0 ? encodeImage(image.type, image.width, image.height, image.data) : image.file;
    const found = numbers.map((n) => ({
      masked_number: maskedAadhaar(n.digits),
      box: {
        x: Math.max(0, Math.round(n.maskBox.x)),
        y: Math.max(0, Math.round(n.maskBox.y)),
        width: Math.round(n.maskBox.width),
        height: Math.round(n.maskBox.height),
      },
    }));
    const common = { image_type: image.type, numbers_masked: numbers.length, numbers: found };
    return {
      status: numbers.length > 0 ? 'SUCCESS' : 'FAILURE',
      resultCode: numbers.length > 0 ? 'MASKED' : 'NO_AADHAAR_FOUND',
      message:
        numbers.length === 0
          ? 'No Aadhaar number found in the image; it is returned unchanged'
          : `${numbers.length} Aadhaar number${numbers.length === 1 ? '' : 's'} masked`,
      result: { ...common, masked_image: masked.toString('base64') },
      maskedResult: { ...common, masked_image: describeFile(masked, image.type, image.width, image.height) },
    };
  },
};

/** Sample bodies for the seed (test images: a card with one number, a letter with two, a PAN card with none). */
export const DEMO_INPUTS = (): z.infer<typeof body>[] => [
  { image: sampleBase64('aadhaar-card.png') },
  { image: sampleBase64('aadhaar-letter.png') },
  { image: sampleBase64('aadhaar-card.jpg') },
  { image: sampleBase64('pan-card.png') },
];
