import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { maskText } from '../logic/mask.ts';
import { compareTexts, THRESHOLDS } from '../logic/similarity.ts';
import type { FabricProduct } from '../product.ts';

const text = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(500, `${field} is at most 500 characters`);

const body = z.object({
  type: z.enum(['name', 'address'], { error: "type is 'name' or 'address'" }),
  text_1: text('text_1'),
  text_2: text('text_2'),
});

/** Sample requests (besides customer_reference_number): the demo seed calls the product with each. */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { type: 'name', text_1: 'Mr. Rahul Kumar Sharma', text_2: 'SHARMA RAHUL K' },
  { type: 'name', text_1: 'Smt. Priya Nair', text_2: 'Priya Menon' },
  { type: 'name', text_1: 'Vikram Singh', text_2: 'Ananya Iyer' },
  {
    type: 'address',
    text_1: 'Flat 4B, Green Park Soc, Nehru Ngr, Bombay 400012',
    text_2: '4-B Green Park Society, Nehru Nagar, Mumbai 400012',
  },
  { type: 'address', text_1: '12 Station Rd, Pune 411001', text_2: '12 Station Road, Pune 411002' },
];

/**
 * Text match: the similarity of two names or two addresses, 0–100, and a verdict (fabric/logic/similarity.ts).
 * Always a SUCCESS when both texts have something to compare; the verdict is the result code.
 */
export const textMatch: FabricProduct<typeof body> = {
  slug: 'text-match',
  price: 1,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) => ({ type: b.type, text_1: maskText(b.text_1), text_2: maskText(b.text_2) }),
  async run(b) {
    const s = compareTexts(b.type, b.text_1, b.text_2);
    if (!s.tokens_1.length)
      throw badRequest('text_1 has no name or address to compare', { text_1: 'Nothing to compare' });
    if (!s.tokens_2.length)
      throw badRequest('text_2 has no name or address to compare', { text_2: 'Nothing to compare' });
    const t = THRESHOLDS[b.type];
    const result = {
      type: b.type,
      score: s.score,
      verdict: s.verdict,
      thresholds: { match: t.match, partial_match: t.partial },
    };
    return {
      status: 'SUCCESS',
      resultCode: s.verdict,
      message: `${b.type === 'name' ? 'Names' : 'Addresses'}: ${s.verdict} (score ${s.score})`,
      result,
      maskedResult: result,
    };
  },
};
