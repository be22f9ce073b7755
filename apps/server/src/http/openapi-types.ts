// The shapes and extension names the OpenAPI document's derivations (http/openapi.ts) work with.

/** The extension that marks an operation moving money (from the route's `config.openapi.movesMoney`). */
export const MOVES_MONEY = 'x-meridian-moves-money';
/** The extension that marks an operation a dashboard session must step up for (the route's `config.stepUp`). */
export const STEP_UP = 'x-meridian-step-up';
/** The extension that marks an operation shared by both modes, on the company (the route's `config.companyLevel`). */
export const COMPANY_LEVEL = 'x-meridian-company-level';
/** The extension that marks an operation closed in live mode until live mode is on (the route's `config.liveGate`). */
export const LIVE_GATE = 'x-meridian-live-gate';

/** A JSON object of the document. */
export type Json = Record<string, unknown>;
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{
    in: string;
    name: string;
    required?: boolean;
    description?: string;
    schema?: { type?: string; enum?: unknown[] };
  }>;
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, Json>;
  'x-codeSamples'?: unknown;
  'x-meridian-errors'?: number[];
  'x-meridian-files'?: string[];
  'x-permission'?: string;
  [STEP_UP]?: boolean;
  [COMPANY_LEVEL]?: boolean;
  [LIVE_GATE]?: boolean;
};
/** The paths of the document: path → method → operation. */
export type Paths = Record<string, Record<string, Operation>>;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
