import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { mobileOwner } from '../logic/directory.ts';
import { checkMobile } from '../logic/identifiers.ts';
import { maskMobile, maskPan, maskPersonalData } from '../logic/mask.ts';
import type { FabricProduct } from '../product.ts';

const body = z.object({
  mobile: z
    .string({ error: 'mobile is required' })
    .trim()
    .min(1, 'mobile is required')
    .max(20, 'mobile is at most 20 characters'),
});

/** Sample requests (besides customer_reference_number): the demo seed calls the product with each. */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { mobile: '9876543210' },
  { mobile: '+91 98200 12345' },
  { mobile: '9800000002' },
  { mobile: '9800000000' },
];

/**
 * Mobile to X: who a mobile number belongs to, from the sandbox telecom and UPI directory — the subscriber's
 * name, their PAN (masked, as the real service answers it), their UPI handles and the operator. Test numbers:
 * ending `0000` not found, `0001` disconnected, `0002` found without UPI handles (docs/using/fabric-sandbox.md).
 */
export const mobileToX: FabricProduct<typeof body> = {
  slug: 'mobile-to-x',
  price: 3,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) => ({ mobile: maskMobile(b.mobile) }),
  async run(b) {
    const checked = checkMobile(b.mobile);
    if (!checked.ok) throw badRequest(checked.message, { mobile: checked.message });
    const mobile = checked.value;
    const owner = mobileOwner(mobile);
    if (owner.test === 'NOT_FOUND') {
      const result = { mobile, status: 'NOT_FOUND' };
      return {
        status: 'FAILURE',
        resultCode: 'NOT_FOUND',
        message: 'No records for this mobile number',
        result,
        maskedResult: maskPersonalData(result),
      };
    }
    if (owner.test === 'INACTIVE') {
      const result = { mobile, status: 'INACTIVE', operator: owner.operator };
      return {
        status: 'FAILURE',
        resultCode: 'INACTIVE',
        message: 'Mobile number is disconnected',
        result,
        maskedResult: maskPersonalData(result),
      };
    }
    const result = {
      mobile,
      status: 'ACTIVE',
      operator: owner.operator,
      circle: owner.person.address.state,
      name: owner.person.name,
      pan_masked: maskPan(owner.pan),
      upi_handles: owner.upi_handles,
    };
    return {
      status: 'SUCCESS',
      resultCode: 'FOUND',
      message: `Found: ${owner.upi_handles.length} UPI handle(s)`,
      result,
      maskedResult: maskPersonalData(result),
    };
  },
};
