import type { ApiOperation, ApiParameter, AuthMode } from './openapi';
import { buildRequest, type BuiltRequest, type ParameterValues } from './request';
import type { CallResult } from './response-view';
import {
  fieldFor,
  fromJson,
  initialDraft,
  toJson,
  type Draft,
  type Field,
  type FieldError,
} from './schema-form';

/** The form model of one operation: a field per parameter and, for a JSON body, the body's field. */
export interface OperationForm {
  op: ApiOperation;
  params: Array<{ param: ApiParameter; field: Field }>;
  /** Undefined without a body, and for a body that is not JSON (this page sends JSON bodies only). */
  body?: Field;
}

export type BodyTab = 'form' | 'json';

/** Everything the operation panel shows and edits. */
export interface OperationState {
  form: OperationForm;
  /** Parameter drafts by `paramKey`. */
  params: Record<string, Draft>;
  body: Draft;
  tab: BodyTab;
  /** The raw JSON editor's text, and why it is not JSON (the form then keeps its last valid state). */
  raw: string;
  rawError: string | null;
  auth: AuthMode;
  keyId: string;
  keySecret: string;
  /** The problems found by the last Send or Copy as curl. */
  errors: FieldError[];
  result: CallResult | null;
  /** Why the last call got no answer at all (network, refused…). */
  failure: string | null;
  sending: boolean;
  /** A money-moving request waiting for the user's confirmation. */
  confirming: BuiltRequest | null;
}

export type OperationAction =
  | { type: 'setAuth'; auth: AuthMode }
  | { type: 'setKeyId'; keyId: string }
  | { type: 'setKeySecret'; keySecret: string }
  | { type: 'setParam'; key: string; draft: Draft }
  /** A fresh idempotency key (made by the caller: the reducer stays pure). */
  | { type: 'newIdempotencyKey'; key: string }
  | { type: 'setBody'; draft: Draft }
  | { type: 'switchTab'; tab: BodyTab }
  | { type: 'editRaw'; text: string }
  | { type: 'checked'; errors: FieldError[] }
  | { type: 'confirm'; request: BuiltRequest }
  | { type: 'cancelConfirm' }
  | { type: 'sendStarted' }
  | { type: 'sendSucceeded'; result: CallResult }
  | { type: 'sendFailed'; failure: string };

export const RAW_JSON_INVALID = 'Not valid JSON yet: the form keeps its last valid state';

export const paramKey = (p: ApiParameter) => `${p.in}:${p.name}`;
export const isIdempotencyKey = (p: ApiParameter) =>
  p.in === 'header' && p.name.toLowerCase() === 'idempotency-key';

export function operationForm(op: ApiOperation): OperationForm {
  const jsonBody = op.body?.contentType.includes('json') ?? false;
  return {
    op,
    params: op.parameters.map((p) => ({ param: p, field: fieldFor(p.schema, p.name, p.required) })),
    ...(op.body && jsonBody ? { body: fieldFor(op.body.schema, '', op.body.required) } : {}),
  };
}

/**
 * The panel's first state: every field at its initial draft, an idempotency key already made, and the
 * signed-in session as the credential where the operation allows it (else its first mode).
 */
export function initialOperationState(
  form: OperationForm,
  newKey: () => string = () => crypto.randomUUID(),
): OperationState {
  const { op } = form;
  return {
    form,
    params: Object.fromEntries(
      form.params.map(({ param, field }) => [
        paramKey(param),
        isIdempotencyKey(param) ? newKey() : initialDraft(field),
      ]),
    ),
    body: form.body ? initialDraft(form.body) : '',
    tab: 'form',
    raw: '',
    rawError: null,
    auth: op.auth.includes('session') ? 'session' : (op.auth[0] ?? 'session'),
    keyId: '',
    keySecret: '',
    errors: [],
    result: null,
    failure: null,
    sending: false,
    confirming: null,
  };
}

/** The body as JSON from the form's drafts, with the problems found on the way. */
function bodyFromForm(state: OperationState): { value: unknown; errors: FieldError[] } {
  return state.form.body ? toJson(state.form.body, state.body, '') : { value: undefined, errors: [] };
}

export function operationReducer(state: OperationState, action: OperationAction): OperationState {
  switch (action.type) {
    case 'setAuth':
      return { ...state, auth: action.auth };
    case 'setKeyId':
      return { ...state, keyId: action.keyId };
    case 'setKeySecret':
      return { ...state, keySecret: action.keySecret };
    case 'setParam':
      return { ...state, params: { ...state.params, [action.key]: action.draft } };
    case 'newIdempotencyKey': {
      const param = state.form.op.parameters.find(isIdempotencyKey);
      return param ? { ...state, params: { ...state.params, [paramKey(param)]: action.key } } : state;
    }
    case 'setBody':
      return { ...state, body: action.draft };
    case 'switchTab':
      // The raw editor opens on the form's current body; the form keeps what the raw text last parsed to.
      return action.tab === 'json'
        ? {
            ...state,
            tab: 'json',
            raw: JSON.stringify(bodyFromForm(state).value ?? {}, null, 2),
            rawError: null,
          }
        : { ...state, tab: action.tab };
    case 'editRaw': {
      let value: unknown;
      try {
        value = JSON.parse(action.text) as unknown;
      } catch {
        return { ...state, raw: action.text, rawError: RAW_JSON_INVALID };
      }
      return {
        ...state,
        raw: action.text,
        rawError: null,
        ...(state.form.body ? { body: fromJson(state.form.body, value) } : {}),
      };
    }
    case 'checked':
      return { ...state, errors: action.errors };
    case 'confirm':
      return { ...state, confirming: action.request };
    case 'cancelConfirm':
      return { ...state, confirming: null };
    case 'sendStarted':
      return { ...state, sending: true, failure: null };
    case 'sendSucceeded':
      return { ...state, sending: false, result: action.result };
    case 'sendFailed':
      return { ...state, sending: false, result: null, failure: action.failure };
  }
}

/**
 * The request the form describes, or the problems found in it: every parameter converted, the body from the
 * form or from the raw JSON (whichever tab is open), and both parts of an API key when that is the credential.
 */
export function collectRequest(state: OperationState): { request?: BuiltRequest; errors: FieldError[] } {
  const { op, params, body } = state.form;
  const found: FieldError[] = [];
  const values: ParameterValues = { path: {}, query: {}, header: {} };
  for (const { param, field } of params) {
    const converted = toJson(field, state.params[paramKey(param)] ?? '', param.name);
    found.push(...converted.errors);
    if (converted.value !== undefined) values[param.in][param.name] = converted.value;
  }
  let value: unknown;
  if (body) {
    if (state.tab === 'json') {
      try {
        value = state.raw.trim() ? (JSON.parse(state.raw) as unknown) : undefined;
      } catch {
        found.push({ path: '', message: 'The body is not valid JSON' });
      }
      if (value === undefined && op.body?.required) found.push({ path: '', message: 'The body is required' });
    } else {
      const converted = bodyFromForm(state);
      found.push(...converted.errors);
      value = converted.value;
    }
  }
  if (state.auth === 'apiKey' && (!state.keyId.trim() || !state.keySecret))
    found.push({ path: 'apiKey', message: 'Enter the key ID and the secret' });
  if (found.length) return { errors: found };
  return { request: buildRequest(op, values, value), errors: [] };
}
