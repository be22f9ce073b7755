import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import { AppError, badRequest } from '../../http/errors.ts';
import { newId, safeEqual } from '../../lib/ids.ts';
import { aadhaarHolder, lastFourOf, testCaseOf } from '../logic/directory.ts';
import { checkAadhaar } from '../logic/identifiers.ts';
import { maskAadhaar, maskMobile, maskPersonalData } from '../logic/mask.ts';
import type { ExpiredOutcome, FabricProduct, ProductContext, ProductOutcome } from '../product.ts';

/** The OTP the sandbox "sends" to the linked mobile: always this (docs/using/fabric-sandbox.md). */
export const SANDBOX_OTP = '123456';
export const OTP_TTL_MS = 10 * 60 * 1000;
export const MAX_OTP_ATTEMPTS = 3;

const body = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('initiate'),
      aadhaar_number: z
        .string({ error: 'aadhaar_number is required' })
        .trim()
        .min(1, 'aadhaar_number is required')
        .max(20, 'aadhaar_number is at most 20 characters'),
    }),
    z.object({
      action: z.literal('submit'),
      initiation_transaction_id: z
        .string({ error: 'initiation_transaction_id is required' })
        .trim()
        .regex(/^AXI[0-9A-Z]{26}$/, 'initiation_transaction_id is the id the initiate call answered'),
      otp: z
        .string({ error: 'otp is required' })
        .trim()
        .regex(/^\d{6}$/, 'otp is the 6-digit code sent to the mobile'),
      share_code: z
        .string({ error: 'share_code is required' })
        .trim()
        .regex(/^\d{4}$/, 'share_code is 4 digits: it protects the offline e-KYC file'),
    }),
  ],
  { error: "action is 'initiate' or 'submit'" },
);

/** Kept with the initiate call (server-side, never shown): the OTP only as an HMAC, its expiry and attempts. */
type InitiateState = {
  kind: 'initiate';
  otp_hmac: string;
  expires_at: string;
  attempts: number;
  completed: boolean;
  /** The last four digits: the sandbox UIDAI answers by them (directory.ts), so nothing more is kept. */
  aadhaar_last4: string;
  mobile_masked: string;
};

const otpHmac = (transactionId: string, otp: string) =>
  createHmac('sha256', transactionId).update(otp).digest('hex');

/** SHA-256 repeated as the offline e-KYC file hashes mobile and e-mail (with the share code, n times). */
function uidaiHash(value: string, shareCode: string, lastDigit: number): string {
  let h = createHash('sha256').update(`${value}${shareCode}`).digest('hex');
  for (let i = 1; i < Math.max(lastDigit, 1); i++) h = createHash('sha256').update(h).digest('hex');
  return h;
}

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const failure = (code: string, message: string, result: Record<string, unknown>) => ({
  status: 'FAILURE' as const,
  resultCode: code,
  message,
  result,
  maskedResult: maskPersonalData(result),
});

/**
 * How an initiation (PENDING OTP_SENT) ends without an e-KYC: its wrong tries exhausted or its OTP expired.
 * Applied by the pipeline with the submit that decided it (`ProductOutcome.completes`), or by the fabric
 * sweeper once the OTP expired unused (`expire`). A submit that succeeds completes it SUCCESS EKYC_DOWNLOADED.
 */
const initiationClosed = (how: 'exhausted' | 'expired'): ExpiredOutcome =>
  how === 'exhausted'
    ? {
        status: 'FAILURE',
        resultCode: 'OTP_ATTEMPTS_EXCEEDED',
        message: 'OTP attempts exhausted: initiate again',
      }
    : { status: 'FAILURE', resultCode: 'OTP_EXPIRED', message: 'OTP expired: initiate again' };

type Initiate = Extract<z.output<typeof body>, { action: 'initiate' }>;
type Submit = Extract<z.output<typeof body>, { action: 'submit' }>;
/** An initiation a submit's OTP was right for: its call's urn and its state (now completed). */
type RightOtp = { initiation: { urn: string; state: InitiateState } };

/** `initiate`: checks the number and "sends" the OTP (PENDING OTP_SENT), or fails by the sandbox's test cases. */
function initiate(b: Initiate, ctx: ProductContext): ProductOutcome {
  const checked = checkAadhaar(b.aadhaar_number);
  if (!checked.ok) throw badRequest(checked.message, { aadhaar_number: checked.message });
  const aadhaar = checked.value;
  const test = testCaseOf(lastFourOf('AADHAAR', aadhaar));
  const base = { action: 'initiate', aadhaar_number: aadhaar };
  if (test === 'NOT_FOUND') return failure('AADHAAR_NOT_FOUND', 'Aadhaar number does not exist', base);
  if (test === 'INACTIVE') return failure('AADHAAR_INACTIVE', 'Aadhaar number is deactivated', base);
  if (test === 'FLAGGED') {
    return failure(
      'MOBILE_NOT_LINKED',
      'No mobile number is linked to this Aadhaar: no OTP can be sent',
      base,
    );
  }
  const person = aadhaarHolder(aadhaar);
  const id = newId('AXI', ctx.now.getTime());
  const expiresAt = new Date(ctx.now.getTime() + OTP_TTL_MS).toISOString();
  const result = {
    ...base,
    initiation_transaction_id: id,
    otp_sent_to: maskMobile(person.mobile),
    otp_expires_at: expiresAt,
  };
  const state: InitiateState = {
    kind: 'initiate',
    otp_hmac: otpHmac(id, SANDBOX_OTP),
    expires_at: expiresAt,
    attempts: 0,
    completed: false,
    aadhaar_last4: aadhaar.slice(-4),
    mobile_masked: maskMobile(person.mobile),
  };
  return {
    status: 'PENDING',
    resultCode: 'OTP_SENT',
    message: `OTP sent to the mobile linked to the Aadhaar (${maskMobile(person.mobile)})`,
    result,
    maskedResult: maskPersonalData(result),
    keys: { initiation_transaction_id: id },
    state,
  };
}

/**
 * A submit's OTP against its initiation: the failure to answer (wrong, expired or exhausted; the initiation
 * closed with it when it can no longer succeed), or the initiation it was right for.
 */
async function checkOtp(b: Submit, ctx: ProductContext): Promise<{ outcome: ProductOutcome } | RightOtp> {
  const base = { action: 'submit', initiation_transaction_id: b.initiation_transaction_id };
  // Decide from the initiation's state, then write the new state only if nobody changed it meanwhile (a
  // compare-and-set): two submits at the same moment cannot both count from the same number of attempts. The
  // state changes at most 4 times (3 wrong OTPs or a success), so the retries are few.
  for (let tries = 0; ; tries++) {
    const found = await ctx.findCall('initiation_transaction_id', b.initiation_transaction_id);
    const kept = found?.state as Partial<InitiateState> | undefined;
    if (!found || kept?.kind !== 'initiate' || typeof kept.otp_hmac !== 'string') {
      throw new AppError(
        404,
        'not_found',
        'No Aadhaar XML initiation of yours has this initiation_transaction_id',
        {
          fields: { initiation_transaction_id: 'Unknown initiation_transaction_id' },
        },
      );
    }
    const earlier = found;
    const st = kept as InitiateState;
    if (st.completed) {
      throw new AppError(409, 'already_completed', 'This initiation is already completed: initiate again');
    }
    const attempts = st.attempts ?? 0;
    if (attempts >= MAX_OTP_ATTEMPTS) {
      return {
        outcome: {
          ...failure('OTP_ATTEMPTS_EXCEEDED', 'Too many wrong OTPs: initiate again', {
            ...base,
            attempts_left: 0,
          }),
          completes: { urn: earlier.urn, ...initiationClosed('exhausted') },
        },
      };
    }
    if (ctx.now.getTime() > Date.parse(st.expires_at ?? '')) {
      return {
        outcome: {
          ...failure('OTP_EXPIRED', 'The OTP has expired: initiate again', base),
          completes: { urn: earlier.urn, ...initiationClosed('expired') },
        },
      };
    }
    const right = safeEqual(otpHmac(b.initiation_transaction_id, b.otp), st.otp_hmac);
    const next = { ...st, attempts: attempts + 1, ...(right ? { completed: true } : {}) };
    if (!(await ctx.replaceState(earlier.urn, earlier.state, next))) {
      if (tries >= 10) {
        throw new AppError(409, 'conflict', 'Another submit of this initiation is in progress: try again');
      }
      continue;
    }
    if (right) return { initiation: { urn: earlier.urn, state: st } };
    const left = MAX_OTP_ATTEMPTS - attempts - 1;
    return {
      outcome: {
        ...failure(
          'INVALID_OTP',
          left
            ? `Invalid OTP: ${left} attempt${left === 1 ? '' : 's'} left`
            : 'Invalid OTP: no attempts left, initiate again',
          { ...base, attempts_left: left },
        ),
        // The last wrong OTP closes the initiation: nothing can succeed on it any more.
        ...(left === 0 ? { completes: { urn: earlier.urn, ...initiationClosed('exhausted') } } : {}),
      },
    };
  }
}

/** A right OTP's answer: the offline e-KYC data and its XML (SUCCESS), completing the initiation. */
function ekycFetched(b: Submit, { initiation }: RightOtp, now: Date): ProductOutcome {
  const last4 = initiation.state.aadhaar_last4 ?? '0000';
  const person = aadhaarHolder(last4);
  const base = { action: 'submit', initiation_transaction_id: b.initiation_transaction_id };
  const transactionId = newId('AXT', now.getTime());
  const referenceId = `${last4}${now.toISOString().replace(/\D/g, '').slice(0, 17)}`;
  const lastDigit = Number(last4.slice(-1));
  const a = person.address;
  const careOf = `S/O ${person.father_name}`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<OfflinePaperlessKyc referenceId="${referenceId}">` +
    `<UidData><Poi dob="${person.dob.split('-').reverse().join('-')}" e="${uidaiHash(person.email, b.share_code, lastDigit)}" ` +
    `gender="${person.gender}" m="${uidaiHash(person.mobile, b.share_code, lastDigit)}" name="${xmlEscape(person.name)}"/>` +
    `<Poa careof="${xmlEscape(careOf)}" country="India" dist="${xmlEscape(a.city)}" house="${xmlEscape(a.line1)}" ` +
    `pc="${a.pincode}" state="${xmlEscape(a.state)}" street="${xmlEscape(a.line2)}" vtc="${xmlEscape(a.city)}"/>` +
    `</UidData></OfflinePaperlessKyc>`;
  const result = {
    ...base,
    transaction_id: transactionId,
    reference_id: referenceId,
    aadhaar_masked: `XXXX XXXX ${last4}`,
    name: person.name,
    dob: person.dob,
    gender: person.gender,
    care_of: careOf,
    address: { ...a, country: 'India' },
    xml,
  };
  return {
    status: 'SUCCESS',
    resultCode: 'EKYC_FETCHED',
    message: 'Offline e-KYC data fetched',
    result,
    maskedResult: maskPersonalData(result),
    keys: { transaction_id: transactionId },
    completes: {
      urn: initiation.urn,
      status: 'SUCCESS',
      resultCode: 'EKYC_DOWNLOADED',
      message: `e-KYC downloaded (submit transaction ${transactionId})`,
    },
  };
}

/** Initiations (the submit needs the id an initiation answered: see `nextDemoStep`). */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { action: 'initiate', aadhaar_number: '2341 2341 2346' },
  { action: 'initiate', aadhaar_number: '234120030002' },
];

/**
 * Aadhaar XML (offline e-KYC), two steps. `initiate` checks the number (4xx when malformed), "sends" an OTP to
 * the linked mobile and answers PENDING with `initiation_transaction_id`; `submit` with that id, the OTP and a
 * 4-digit share code answers the e-KYC data and `transaction_id`. The OTP is valid 10 minutes and allows 3 wrong
 * tries; it is kept only as an HMAC. Sandbox: the OTP is always 123456; Aadhaar numbers ending `0000` do not
 * exist, `0001` are deactivated, `0002` have no mobile linked (docs/using/fabric-sandbox.md).
 */
export const aadhaarXml: FabricProduct<typeof body> = {
  slug: 'aadhaar-xml',
  price: 5,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) =>
    b.action === 'initiate'
      ? { action: b.action, aadhaar_number: maskAadhaar(b.aadhaar_number) }
      : {
          action: b.action,
          initiation_transaction_id: b.initiation_transaction_id,
          otp: '******',
          share_code: '****',
        },
  async run(b, ctx) {
    if (b.action === 'initiate') return initiate(b, ctx);
    const checked = await checkOtp(b, ctx);
    return 'outcome' in checked ? checked.outcome : ekycFetched(b, checked, ctx.now);
  },
  // An initiation whose OTP expired unused (the sweeper; a submit after the expiry closes it the same way).
  expire: ({ state }) =>
    initiationClosed(
      typeof state.attempts === 'number' && state.attempts >= MAX_OTP_ATTEMPTS ? 'exhausted' : 'expired',
    ),
};

/** The demo's second step after an initiation answered `result` (a submit with the sandbox OTP), or null. */
export function nextDemoStep(result: Record<string, unknown>): z.input<typeof body> | null {
  return result.action === 'initiate' && typeof result.initiation_transaction_id === 'string'
    ? {
        action: 'submit',
        initiation_transaction_id: result.initiation_transaction_id,
        otp: SANDBOX_OTP,
        share_code: '2468',
      }
    : null;
}
