import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { decodeImage, readHeader } from '../images/decode.ts';
import { sampleBase64 } from '../images/samples.ts';
import { closeFaceModel } from '../images/face-model.ts';
import { closeOcr, recognize } from '../images/ocr.ts';
import type { ProductContext } from '../product.ts';
import { aadhaarUidMasking } from './aadhaar-uid-masking.ts';
import { faceMatch } from './face-match.ts';
import { idClassification } from './id-classification.ts';
import { videoLiveness } from './video-liveness.ts';

// The image products end to end on the committed test images, with real OCR and the real face model (one
// worker each; a handful of small images to keep CPU use low). The pipeline around them is tested with the API.
const ctx = {} as ProductContext; // the image products use nothing of the context
const NUMBER = '491827365018'; // the number on aadhaar-card.png (fictitious)

afterAll(async () => {
  await closeOcr();
  await closeFaceModel();
});

describe('aadhaar-uid-masking', () => {
  it('blacks out the first 8 digits of the card, keeps the last 4 readable, answers a PNG', async () => {
    const out = await aadhaarUidMasking.run({ image: sampleBase64('aadhaar-card.png') }, ctx);
    expect(out).toMatchObject({ status: 'SUCCESS', resultCode: 'MASKED' });
    expect(out.result).toMatchObject({ image_type: 'png', numbers_masked: 1 });
    expect((out.result.numbers as { masked_number: string }[])[0]!.masked_number).toBe('XXXX XXXX 5018');
    const masked = decodeImage(out.result.masked_image as string, 'masked');
    expect(masked.type).toBe('png');
    const text = (await recognize(masked.file)).text;
    expect(text).not.toMatch(/4918|2736/);
    expect(text).toMatch(/5018/);
    expect(text).toMatch(/Government of India/);
    // The log's copies hold no image data and no unmasked number.
    const logged = JSON.stringify([
      aadhaarUidMasking.maskRequest({ image: sampleBase64('aadhaar-card.png') }),
      out.maskedResult,
    ]);
    expect(logged.length).toBeLessThan(800);
    expect(logged.replace(/\D/g, '')).not.toContain(NUMBER.slice(0, 8));
  });

  it('masks both numbers of a letter and answers a JPEG for a JPEG', async () => {
    const letter = await aadhaarUidMasking.run({ image: sampleBase64('aadhaar-letter.png') }, ctx);
    expect(letter.result.numbers_masked).toBe(2);
    const jpeg = await aadhaarUidMasking.run({ image: sampleBase64('aadhaar-card.jpg') }, ctx);
    expect(jpeg.result).toMatchObject({ image_type: 'jpeg', numbers_masked: 1 });
    expect(readHeader(Buffer.from(jpeg.result.masked_image as string, 'base64'))?.type).toBe('jpeg');
  });

  it('refuses a text file with a 400', async () => {
    const text = Buffer.from('4918 2736 5018').toString('base64');
    await expect(aadhaarUidMasking.run({ image: text }, ctx)).rejects.toMatchObject({ status: 400 });
    await expect(aadhaarUidMasking.run({ image: text }, ctx)).rejects.toBeInstanceOf(AppError);
  });
});

describe('id-classification', () => {
  it('classifies the PAN, voter ID and passport test images, and a shopping list as UNKNOWN', async () => {
    const kinds = [];
    for (const f of ['pan-card.png', 'voter-id.png', 'passport.png', 'plain-text.png']) {
      const out = await idClassification.run({ image: sampleBase64(f) }, ctx);
      kinds.push([out.status, out.result.document_type]);
      expect(JSON.stringify(out.maskedResult)).not.toMatch(/ABCPV1234K|XYZ1234567|K1234567/);
    }
    expect(kinds).toEqual([
      ['SUCCESS', 'PAN'],
      ['SUCCESS', 'VOTER_ID'],
      ['SUCCESS', 'PASSPORT'],
      ['FAILURE', 'UNKNOWN'],
    ]);
  });
});

describe('face-match and video-liveness (face model)', () => {
  const selfie = sampleBase64('person-1-selfie.jpg');
  const frames = [1, 2, 3].map((i) => sampleBase64(`person-1-frame-${i}.jpg`));

  it('matches person 1 with their ID photo, not with person 2, and finds no face on a card', async () => {
    expect(await faceMatch.run({ selfie, id_image: sampleBase64('person-1-id.jpg') }, ctx)).toMatchObject({
      status: 'SUCCESS',
      resultCode: 'MATCH',
      result: { match: true, faces: { selfie: 1, id_image: 1 } },
    });
    expect(await faceMatch.run({ selfie, id_image: sampleBase64('person-2-selfie.jpg') }, ctx)).toMatchObject(
      {
        status: 'SUCCESS',
        resultCode: 'NO_MATCH',
        result: { match: false },
      },
    );
    expect(await faceMatch.run({ selfie, id_image: sampleBase64('pan-card.png') }, ctx)).toMatchObject({
      status: 'FAILURE',
      resultCode: 'NO_FACE',
      message: 'No face found in the ID photo',
    });
  });

  it('finds a moving head live and one frame sent three times a spoof', async () => {
    expect(await videoLiveness.run({ frames }, ctx)).toMatchObject({ status: 'SUCCESS', resultCode: 'LIVE' });
    expect(await videoLiveness.run({ frames: [frames[0]!, frames[0]!, frames[0]!] }, ctx)).toMatchObject({
      status: 'FAILURE',
      resultCode: 'SPOOF_SUSPECTED',
      result: { live: false, motion: [0, 0] },
    });
    const logged = JSON.stringify(videoLiveness.maskRequest({ frames }));
    expect(logged).not.toContain(frames[0]!.slice(0, 40));
  });

  it('refuses a wrong body, a frame that is not an image and frames of different sizes', async () => {
    expect(videoLiveness.body.safeParse({ frames: ['a', 'b'] }).error?.issues[0]?.message).toBe(
      'Send at least 3 frames',
    );
    expect(faceMatch.body.safeParse({ selfie: 'x' }).error?.issues[0]).toMatchObject({
      path: ['id_image'],
      message: 'Send the ID photo as a base64 string (PNG or JPEG)',
    });
    const text = Buffer.from('hello').toString('base64');
    await expect(videoLiveness.run({ frames: [selfie, selfie, text] }, ctx)).rejects.toMatchObject({
      status: 400,
      fields: { 'frames.2': 'frames.2 is not a PNG or JPEG image' },
    });
    await expect(videoLiveness.run({ frames: [frames[0]!, frames[1]!, selfie] }, ctx)).rejects.toMatchObject({
      status: 400,
      message: 'frames.2 is 320×320; every frame must be the size of the first',
    });
  });
});
