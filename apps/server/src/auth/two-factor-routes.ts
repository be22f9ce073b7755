import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyMfaRequirement,
  CompanyMfaRequirementResponse,
  RecoveryCodesResponse,
  SetMfaPreferenceRequest,
  SmsStepUpRequest,
  SmsStepUpResponse,
  StepUp,
  StepUpTokenRequest,
  StepUpTokenResponse,
  TotpConfirmRequest,
  TotpEnrolmentResponse,
  TwoFactorStatus,
} from '@meridian/contract/two-factor';
import { sessionOf, defaultPermission, companyLevelRoutes } from './guard.ts';
import { metaOf } from '../http/context.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { issueStepUpToken } from './step-up.ts';
import {
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  sendStepUpSms,
  setCompanyMfaRequirement,
  setMfaPreference,
  startTotpEnrolment,
  twoFactorStatus,
} from './two-factor.ts';

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

/** `/configurations/manage-2fa`: the signed-in user's own two-factor setting and the company's requirement. */
export const twoFactorRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  // A member's own two-factor settings; the company requirement names its own permission.
  defaultPermission(app, 'self');
  registerStatusAndStepUp(app, deps);
  registerTotpEnrolment(app, deps);
  registerSettingChanges(app, deps);
};

/**
 * The session guard reads the preference and the requirement (a user who must still set up two-factor reaches
 * only these routes): a change answers once every process's session cache has heard of it.
 */
async function settled<T>(deps: RouteDeps, answer: T): Promise<T> {
  await deps.sessions.sync?.();
  return answer;
}

/** The user's two-factor status, the SMS step-up code and the step-up token of a money movement. */
function registerStatusAndStepUp(app: App, deps: RouteDeps) {
  app.get(
    '/v2/user/mfa',
    {
      schema: {
        tags: ['user'],
        summary: 'Two-factor settings of the signed-in user',
        description:
          "The signed-in user's two-factor preference (none, sms or totp), whether the company requires two-factor sign-in, whether a phone is on file, and how many unused recovery codes are left.",
        response: { 200: TwoFactorStatus },
      },
    },
    async (request) => twoFactorStatus(deps.db, sessionOf(request)),
  );

  app.post(
    '/v2/user/mfa/sms/step-up',
    {
      config: { openapi: { errors: [409, 429] } },
      schema: {
        tags: ['user'],
        summary: 'Text a step-up code to an SMS user',
        description:
          'For a user whose two-factor method is SMS: checks the password and texts a 6-digit code (valid 10 minutes, single use) that confirms the next change of the two-factor setting or the next step-up before a money movement (`POST /v2/auth/step-up`). 409 when SMS is not the method; rate limited (429).',
        body: SmsStepUpRequest,
        response: { 200: SmsStepUpResponse },
      },
    },
    async (request) => sendStepUpSms(deps, sessionOf(request), request.body, metaOf(request)),
  );

  app.post(
    '/v2/auth/step-up',
    {
      config: { permission: 'self', openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        summary: "Confirm it's you before a money movement (step-up token)",
        description:
          'Sudo mode for a dashboard session: a payout, a bulk submission or an approval decision from the dashboard must carry a step-up token in the `X-Step-Up-Token` header (else 401 `step_up_required`). A member with a second factor sends a current `code` (SMS members first get one texted by `POST /v2/user/mfa/sms/step-up`; authenticator-app members send the app code or a recovery code); a member without one sends `encrypted_password` (RSA-OAEP, as at sign-in). Answers a token valid 300 seconds for this session only: it stops working when the session ends. A wrong code is a 400, a wrong password a 403 `step_up_failed`; both are audited and rate limited (429). API keys do not step up: approval rules cover them.',
        body: StepUpTokenRequest,
        response: { 200: StepUpTokenResponse },
      },
    },
    async (request) => issueStepUpToken(deps, sessionOf(request), request.body, metaOf(request)),
  );
}

/** The authenticator app's enrolment: its secret, then the first code that confirms it. */
function registerTotpEnrolment(app: App, deps: RouteDeps) {
  app.post(
    '/v2/user/mfa/totp/enrol',
    {
      config: { openapi: { errors: [429] } },
      schema: {
        tags: ['user'],
        summary: 'Start enrolling an authenticator app',
        description:
          'Needs the password and, while two-factor is on, a current code. Answers a new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s), its otpauth:// URI and a QR code (SVG) to scan; confirm within 10 minutes with a first code from the app.',
        body: StepUp,
        response: { 200: TotpEnrolmentResponse },
      },
    },
    async (request) => startTotpEnrolment(deps, sessionOf(request), request.body, metaOf(request)),
  );

  app.post(
    '/v2/user/mfa/totp/confirm',
    {
      config: { openapi: { errors: [409, 429] } },
      schema: {
        tags: ['user'],
        summary: 'Confirm the authenticator app with a first code',
        description:
          'A code from the app proves the secret was taken: the preference becomes totp and the answer carries 10 single-use recovery codes, shown only this once (only their keyed hashes are kept). 409 when no enrolment is pending.',
        body: TotpConfirmRequest,
        response: { 200: RecoveryCodesResponse },
      },
    },
    async (request) =>
      settled(deps, await confirmTotpEnrolment(deps, sessionOf(request), request.body, metaOf(request))),
  );
}

/** Off or SMS, new recovery codes, and the company's requirement. */
function registerSettingChanges(app: App, deps: RouteDeps) {
  app.post(
    '/v2/user/mfa/preference',
    {
      config: { openapi: { errors: [409, 429] } },
      schema: {
        tags: ['user'],
        summary: 'Turn two-factor off or switch to SMS codes',
        description:
          'Sets the preference to none or sms with the password and, while two-factor is on, a current code (the SMS step-up code, or the app code or a recovery code). Leaving the app deletes its secret and recovery codes. 409 when the company requires two-factor and none is asked.',
        body: SetMfaPreferenceRequest,
        response: { 200: TwoFactorStatus },
      },
    },
    async (request) =>
      settled(deps, await setMfaPreference(deps, sessionOf(request), request.body, metaOf(request))),
  );

  app.post(
    '/v2/user/mfa/recovery-codes',
    {
      config: { openapi: { errors: [409, 429] } },
      schema: {
        tags: ['user'],
        summary: 'Regenerate the recovery codes',
        description:
          'For an authenticator-app user, with the password and a current code: 10 new single-use recovery codes, shown once; the previous set stops working at once. 409 when the app is not the method.',
        body: StepUp,
        response: { 200: RecoveryCodesResponse },
      },
    },
    async (request) => regenerateRecoveryCodes(deps, sessionOf(request), request.body, metaOf(request)),
  );

  app.put(
    '/v2/company/mfa-requirement',
    {
      config: { permission: 'team.manage', sessionOnly: true },
      schema: {
        tags: ['user'],
        summary: 'Require two-factor sign-in company-wide',
        description:
          'A client admin requires (or stops requiring) two-factor sign-in for every user of the company: users then cannot turn it off, and a user without it gets an SMS code at sign-in when a phone is on file. Others get 403; audited.',
        body: CompanyMfaRequirement,
        response: { 200: CompanyMfaRequirementResponse },
      },
    },
    async (request) =>
      settled(deps, await setCompanyMfaRequirement(deps, sessionOf(request), request.body, metaOf(request))),
  );
}
