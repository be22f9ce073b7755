import { MODE_HEADER, MODES } from '@meridian/contract/modes';
import { STAFF_PERMISSIONS, type Permission } from '@meridian/contract/permissions';
import { COMPANY_LEVEL, LIVE_GATE, STEP_UP, type Operation } from './openapi-types.ts';

/** `schema.security` of a public route: no credentials. */
export const PUBLIC: Array<Record<string, string[]>> = [];
/** `schema.security` of a dashboard route (the default). */
export const SESSION: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
/** `schema.security` of fabric's public endpoints: an API key (HTTP Basic `key_id:key_secret`) or a session. */
export const API_KEY_OR_SESSION: Array<Record<string, string[]>> = [{ apiKeyAuth: [] }, { bearerAuth: [] }];

const STEP_UP_PARAMETER = {
  in: 'header',
  name: 'X-Step-Up-Token',
  required: false,
  description:
    "A dashboard session's step-up token (`POST /v2/auth/step-up`, valid 300 s for that session). Required with a session; not sent with an API key.",
  schema: { type: 'string' },
};

/** `#/components/parameters/Meridian-Mode`: the header is defined once, every operation in a mode refers to it. */
export const MODE_PARAMETER = {
  in: 'header',
  name: MODE_HEADER,
  required: false,
  description:
    "A dashboard session's mode: `test` or `live` (absent: live; anything else 400 `invalid_mode`). An API key's mode is the one it was made in (`mk_test_` or `mk_live_`): a header that contradicts it is 400 `mode_mismatch`.",
  schema: { type: 'string', enum: [...MODES] },
};
const MODE_PARAMETER_REF = { $ref: `#/components/parameters/${MODE_HEADER}` };

/** The operation's description with one more paragraph. */
const withParagraph = (description: string | undefined, paragraph: string) =>
  [description, paragraph].filter(Boolean).join('\n\n');

/**
 * Who may call an operation, in its `security` and its description: it follows from its permission (`public` no
 * one signed in, `self` a member's own session, any catalogue permission an API key or a session whose role holds
 * it), and a step-up operation takes the `X-Step-Up-Token` header.
 */
export function secureOperation(op: Operation): void {
  const permission = op['x-permission'];
  op.security ??=
    permission === 'public'
      ? PUBLIC
      : permission === 'self' || permission === undefined
        ? SESSION
        : API_KEY_OR_SESSION;
  if (op.security.length === 0) op['x-permission'] = 'public';
  if (permission && permission !== 'public' && permission !== 'self')
    op.description = withParagraph(
      op.description,
      `Needs the \`${permission}\` permission: a member whose role holds it, or an API key made with such a role (403 \`permission_denied\` otherwise).`,
    );
  if (permission === 'self')
    op.description = withParagraph(
      op.description,
      "A member's own setting: a dashboard session only, never an API key.",
    );
  if (op[STEP_UP]) {
    op.parameters = [...(op.parameters ?? []), STEP_UP_PARAMETER];
    op.description = withParagraph(
      op.description,
      "A money movement: a dashboard session must send the `X-Step-Up-Token` header with a valid step-up token of that session (`POST /v2/auth/step-up`: the member's two-factor code, or the password without a second factor), else 401 `step_up_required`. API keys need no step-up: approval rules cover them.",
    );
  }
  modeOf(op, permission);
}

/**
 * The mode an operation works in, in its parameters and description: the caller's mode (an API key's, or the
 * session's `Meridian-Mode` header) for a client's operation, the company whatever the mode for one that both
 * modes share (`companyLevel`). Meridian's staff operations and public ones are in no mode of the caller's.
 */
function modeOf(op: Operation, permission: string | undefined): void {
  if (op.security?.length === 0 || STAFF_PERMISSIONS.includes(permission as Permission)) return;
  if (op[COMPANY_LEVEL]) {
    op.description = withParagraph(op.description, "Shared by both modes: the company's, whatever the mode.");
    return;
  }
  op.parameters = [...(op.parameters ?? []), MODE_PARAMETER_REF as never];
  op.description = withParagraph(
    op.description,
    !op.security?.some((scheme) => 'apiKeyAuth' in (scheme as object))
      ? "The mode comes from the session's `Meridian-Mode` header (absent = live)."
      : 'The mode comes from the API key (an `mk_test_` key sees test data only) or, with a session, the `Meridian-Mode` header (absent = live).',
  );
  if (op[LIVE_GATE])
    op.description = withParagraph(
      op.description,
      "In live mode this needs the company's live mode, which Meridian operations turn on: until then 403 `live_mode_not_enabled` (test mode is always open).",
    );
}
