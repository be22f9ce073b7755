import { STEP_UP, type Operation } from './openapi-types.ts';

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
}
