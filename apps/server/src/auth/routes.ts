import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LogoutRequest,
  MessageResponse,
  MfaVerifyRequest,
  MfaVerifyResponse,
  PublicKeyResponse,
  ResetLinkRequest,
  ResetPasswordRequest,
  TokenRequest,
  TokenResponse,
} from '@meridian/contract';
import { sessionOf, companyLevelRoutes } from './guard.ts';
import { metaOf } from '../http/context.ts';
import { PUBLIC } from '../http/openapi.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { logout, passwordGrant, refreshGrant, verifyOtp } from './service.ts';

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Shared by both modes: the company's, whatever the caller's mode.
  companyLevelRoutes(app);
  registerSignIn(app, deps);
  registerPasswordReset(app, deps);
};

/** The password's public key, the token grants, the SMS code and the logout. */
function registerSignIn(app: App, deps: RouteDeps) {
  app.get(
    '/v2/auth/public-key',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'RSA-OAEP public key for encrypted_password',
        description:
          "The PEM public key a client encrypts the password with (RSA-OAEP, SHA-256) before sending it as `encrypted_password` to the token endpoint. Public; the key changes only when the server's key pair does.",
        response: { 200: PublicKeyResponse },
      },
    },
    async () => ({ public_key: deps.keys.passwordPublicPem }),
  );

  app.post(
    '/v2/auth/token',
    {
      // 401: wrong credentials, or a refresh token that is expired, revoked or reused; 403: a deactivated member
      config: { permission: 'public', openapi: { errors: [401, 403, 429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Sign in (user_credentials; also re-sends the SMS code while an attempt is open) or refresh',
        description:
          '`grant_type: user_credentials` signs in with the e-mail and the encrypted password: tokens, or for an SMS-MFA user a `request_urn` and an SMS code to verify (calling again while the attempt is open re-sends the code, at most 3 times). `grant_type: refresh_token` rotates a refresh token into new tokens; presenting a used one again revokes the whole session. A member their company has deactivated is refused with a 403 `account_deactivated` (once the password is right). Rate limited per IP and per account (429).',
        body: TokenRequest,
        response: { 200: TokenResponse },
      },
    },
    async (request) => {
      const body = request.body;
      return body.grant_type === 'user_credentials'
        ? passwordGrant(deps, body, metaOf(request))
        : refreshGrant(deps, body, metaOf(request));
    },
  );

  app.post(
    '/v2/mfa/verify',
    {
      config: { permission: 'public', openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Verify the SMS one-time code',
        description:
          "Completes an SMS-MFA sign-in: the `request_urn` of the token call and the code texted (valid 10 minutes, 5 wrong tries per attempt) answer the session's tokens. A wrong or expired code is a 400; too many tries close the attempt (sign in again).",
        body: MfaVerifyRequest,
        response: { 200: MfaVerifyResponse },
      },
    },
    async (request) => verifyOtp(deps, request.body, metaOf(request)),
  );

  app.post(
    '/v2/auth/logout',
    {
      config: { permission: 'self' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke this session and its refresh tokens',
        description:
          "Signs out: the session's access token and every refresh token issued to it stop working at once (401 afterwards). Recorded in the audit log.",
        body: LogoutRequest.optional(),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await logout(deps, sessionOf(request), metaOf(request));
      return { message: 'Signed out' };
    },
  );
}

/** The password reset link and the new password it sets. */
function registerPasswordReset(app: App, deps: RouteDeps) {
  app.post(
    '/excalibur/password/reset_link',
    {
      config: { permission: 'public', openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'E-mail a password reset link',
        description:
          'E-mails a link (valid 30 minutes) to choose a new password. The answer is the same whether or not the address belongs to a user, so it reveals no accounts; rate limited per IP (429).',
        body: ResetLinkRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => ({
      message: await requestPasswordReset(deps, request.body.email, metaOf(request), deps.publicUrl(request)),
    }),
  );

  app.post(
    '/excalibur/password/reset',
    {
      config: { permission: 'public', openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Set a new password with a reset token',
        description:
          'Sets a new password with the token of a reset link; the token is single-use and expires after 30 minutes (400 otherwise). Rate limited per IP (429).',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => ({ message: await resetPassword(deps, request.body, metaOf(request)) }),
  );
}
