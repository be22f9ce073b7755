import type { FabricProductSlug } from '@meridian/contract/fabric';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';

/**
 * A fabric product: its request schema, price and logic. The pipeline (fabric/pipeline.ts) owns everything
 * around it — the API key or session, the credits, the call log with masked personal data, the events — so a
 * product file holds only what the real service would decide. Products live in `fabric/products/`, one file
 * each, and are listed in `fabric/products/index.ts`.
 */
export type FabricProduct<Body extends z.ZodType = z.ZodType> = {
  slug: FabricProductSlug;
  /** Credits charged per call (a FAILURE answer is charged: the check ran; a 4xx is not). */
  price: number;
  /**
   * The request body besides `customer_reference_number` (which the pipeline adds and checks). Images travel
   * as base64 strings (`image`, `selfie`, …); the route's body limit allows them (8 MB).
   */
  body: Body;
  /**
   * The request as it may be stored in the log: personal data masked (Aadhaar `XXXX XXXX 1234`, PAN
   * `XXXXX1234X`, mobile `XXXXXX1234`, e-mail `a***@example.com`), images replaced by their type, size and
   * SHA-256. Never returns an unmasked identifier.
   */
  maskRequest(body: z.infer<Body>): Record<string, unknown>;
  /**
   * Runs the product. Throws an AppError (http/errors.ts) with a 4xx for input a real service would refuse
   * (a PAN with a wrong holder-type letter, an Aadhaar with a wrong check digit, a file that is not an image):
   * the pipeline logs it as REJECTED and charges nothing.
   */
  run(body: z.infer<Body>, ctx: ProductContext): Promise<ProductOutcome>;
  /**
   * Demo requests (the body besides `customer_reference_number`): the demo seed calls the product with each,
   * through the real pipeline, so that its log screen shows real calls. Optional.
   */
  demo?: Array<z.input<Body>>;
  /**
   * How a PENDING call of this product ends when nobody finished it in time (a consent link never opened, an
   * OTP never submitted): its state's `expires_at` (ISO 8601 UTC, as `Date.toISOString()` writes it) has
   * passed. The fabric sweeper (fabric/expiry.ts, every minute) completes such calls with this outcome through
   * `completeCall` (event and callback). Optional: without it, a call waits until a later step finishes it.
   */
  expire?(call: { urn: string; state: Record<string, unknown>; now: Date }): ExpiredOutcome;
};

/** The outcome of an expired PENDING call (see `FabricProduct.expire`). */
export type ExpiredOutcome = {
  status: 'FAILURE';
  resultCode: string;
  message: string;
  /** Replaces the call's masked response when given; kept otherwise. */
  maskedResult?: Record<string, unknown>;
};

export type ProductContext = {
  db: Db;
  clientRef: number;
  /** The `{product}_urn` of this call. */
  urn: string;
  now: Date;
  /** Origin for links a person opens (digilocker's hosted consent page). */
  publicUrl: string;
  /** Provider slug (`meridian`), for paths. */
  provider: string;
  /**
   * An earlier call of this client to this product whose search key `key` equals `value` (the second step of a
   * two-step flow: Aadhaar XML by `initiation_transaction_id`, ckyc by `reference_id`), with its server-side
   * state; null when there is none.
   */
  findCall(
    key: 'reference_id' | 'transaction_id' | 'initiation_transaction_id' | 'urn',
    value: string,
  ): Promise<{ urn: string; status: string; state: Record<string, unknown> } | null>;
  /** Replaces the server-side state of an earlier call, whatever it is now (last writer wins). */
  saveState(urn: string, state: Record<string, unknown>): Promise<void>;
  /**
   * Compare-and-set of an earlier call's state: replaces it with `next` only if it still equals `expected` (as
   * `findCall` answered it), in one statement. False when another call changed it first: read it again with
   * `findCall` and decide again. Use it for anything counted (wrong OTPs): two calls at the same moment cannot
   * both write from the same old state.
   */
  replaceState(
    urn: string,
    expected: Record<string, unknown>,
    next: Record<string, unknown>,
  ): Promise<boolean>;
};

export type ProductOutcome = {
  status: 'SUCCESS' | 'FAILURE' | 'PENDING';
  /** The product's short verdict (MATCH, NO_MATCH, VALID, INVALID, CONSENT_PENDING…), or null. */
  resultCode: string | null;
  message: string | null;
  /** What the caller receives (its own data, unmasked), snake_case. */
  result: Record<string, unknown>;
  /** The same result as it may be stored in the log (masked like `maskRequest`). */
  maskedResult: Record<string, unknown>;
  /** Search keys this call adds (ckyc's reference_id; Aadhaar XML's transaction ids). */
  keys?: Partial<Record<'reference_id' | 'transaction_id' | 'initiation_transaction_id', string>>;
  /** Server-side state kept with the call for a later step (an OTP's HMAC, its expiry, attempts); never shown. */
  state?: Record<string, unknown>;
  /**
   * An earlier PENDING call of the same client that this call finishes (Aadhaar XML's initiation, once its OTP
   * is used, exhausted or expired). The pipeline completes it in the same transaction as this call's log row,
   * as `completeCall` does (status, verdict, a new event id: `call.updated`, the FABRIC callback); a call no
   * longer PENDING is left as it is. Only for a charged outcome (a 4xx completes nothing).
   */
  completes?: {
    urn: string;
    status: 'SUCCESS' | 'FAILURE';
    resultCode: string | null;
    message: string | null;
    /** Replaces the earlier call's masked response when given; kept otherwise. */
    maskedResult?: Record<string, unknown>;
  };
};
