import { z } from 'zod';
import type { FabricProduct } from '../product.ts';
import { base64Image, decodeImage, describeImage } from '../images/decode.ts';
import { compareFaces, SAME_PERSON_DISTANCE } from '../images/face-logic.ts';
import { detectFaces } from '../images/face-model.ts';
import { sampleBase64 } from '../images/samples.ts';

/**
 * Face match: the face model (@vladmandic/face-api on TensorFlow.js WASM, images/face-model.ts) finds the
 * largest face in the selfie and in the ID photo and compares their descriptors (images/face-logic.ts): MATCH
 * under a distance of 0.5. No face in either image is a FAILURE (NO_FACE), charged: the check ran.
 */
const body = z.object({
  selfie: base64Image('the selfie'),
  id_image: base64Image('the ID photo'),
});

export const faceMatch: FabricProduct<typeof body> = {
  slug: 'face-match',
  // read when the demo seed asks (the images are files of the repo)
  get demo() {
    return DEMO_INPUTS();
  },
  price: 5,
  body,
  maskRequest: (input) => ({ selfie: describeImage(input.selfie), id_image: describeImage(input.id_image) }),
  async run(input) {
    const selfie = decodeImage(input.selfie, 'selfie');
    const idImage = decodeImage(input.id_image, 'id_image');
    const [inSelfie, inId] = await Promise.all([detectFaces(selfie), detectFaces(idImage)]);
    const faces = { selfie: inSelfie.length, id_image: inId.length };
    if (inSelfie.length === 0 || inId.length === 0) {
      const where = [inSelfie.length === 0 && 'the selfie', inId.length === 0 && 'the ID photo'].filter(
        Boolean,
      );
      const result = { match: false, score: 0, distance: null, threshold: SAME_PERSON_DISTANCE, faces };
      return {
        status: 'FAILURE',
        resultCode: 'NO_FACE',
        message: `No face found in ${where.join(' or ')}`,
        result,
        maskedResult: result,
      };
    }
    const c = compareFaces(inSelfie[0]!, inId[0]!);
    const result = {
      match: c.match,
      score: c.score,
      distance: c.distance,
      threshold: SAME_PERSON_DISTANCE,
      faces,
    };
    return {
      status: 'SUCCESS',
      resultCode: c.match ? 'MATCH' : 'NO_MATCH',
      message: null,
      result,
      maskedResult: result,
    };
  },
};

/** Sample bodies for the seed: person 1's selfie and ID photo (MATCH), person 1 and person 2 (NO_MATCH). */
export const DEMO_INPUTS = (): z.infer<typeof body>[] => [
  { selfie: sampleBase64('person-1-selfie.jpg'), id_image: sampleBase64('person-1-id.jpg') },
  { selfie: sampleBase64('person-1-selfie.jpg'), id_image: sampleBase64('person-2-selfie.jpg') },
];
