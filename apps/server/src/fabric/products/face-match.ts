import { z } from 'zod';
import type { FabricProduct } from '../product.ts';
import { base64Image, decodeImage, describeImage } from '../images/decode.ts';
import { isBlank, MATCH_THRESHOLD, matchScore } from '../images/face.ts';
import { fixtureBase64 } from '../images/fixtures.ts';

/**
 * Face match — a deterministic sandbox, not face recognition (docs/fabric-images.md): both images are decoded
 * and compared as whole pictures (colour and layout likeness, images/face.ts). MATCH from a score of 75.
 */
const body = z.object({
  selfie: base64Image('the selfie'),
  id_image: base64Image('the ID photo'),
});

export const faceMatch: FabricProduct<typeof body> = {
  slug: 'face-match',
  price: 5,
  body,
  maskRequest: (input) => ({ selfie: describeImage(input.selfie), id_image: describeImage(input.id_image) }),
  async run(input) {
    const selfie = decodeImage(input.selfie, 'selfie');
    const idImage = decodeImage(input.id_image, 'id_image');
    const blank = [isBlank(selfie) && 'selfie', isBlank(idImage) && 'id_image'].filter((f) => f !== false);
    if (blank.length > 0) {
      const result = { match: false, score: 0, threshold: MATCH_THRESHOLD, blank_images: blank };
      return {
        status: 'FAILURE',
        resultCode: 'NO_FACE',
        message: `No face found: ${blank.join(' and ')} ${blank.length === 1 ? 'is' : 'are'} blank`,
        result,
        maskedResult: result,
      };
    }
    const { score } = matchScore(selfie, idImage);
    const match = score >= MATCH_THRESHOLD;
    const result = { match, score, threshold: MATCH_THRESHOLD };
    return {
      status: 'SUCCESS',
      resultCode: match ? 'MATCH' : 'NO_MATCH',
      message: null,
      result,
      maskedResult: result,
    };
  },
};

/** Sample bodies for the seed: the same person (MATCH, score 94) and two people (NO_MATCH, score 21). */
export const DEMO_INPUTS = (): z.infer<typeof body>[] => [
  { selfie: fixtureBase64('face-a-selfie.png'), id_image: fixtureBase64('face-a-id.jpg') },
  { selfie: fixtureBase64('face-a-selfie.png'), id_image: fixtureBase64('face-b-selfie.png') },
];
