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
import { authOf } from './guard.ts';
import { metaOf } from '../http/context.ts';
import { PUBLIC } from '../http/openapi.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { logout, passwordGrant, refreshGrant, verifyOtp } from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.get(
    '/v2/auth/public-key',
    {
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'RSA-OAEP public key for encrypted_password',
        response: { 200: PublicKeyResponse },
      },
    },
    async () => ({ public_key: deps.keys.passwordPublicPem }),
  );

  app.post(
    '/v2/auth/token',
    {
      config: { openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Sign in (user_credentials; also re-sends the SMS code while an attempt is open) or refresh',
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
      config: { openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Verify the SMS one-time code',
        body: MfaVerifyRequest,
        response: { 200: MfaVerifyResponse },
      },
    },
    async (request) => verifyOtp(deps, request.body, metaOf(request)),
  );

  app.post(
    '/v2/auth/logout',
    {
      preHandler: deps.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Revoke this session and its refresh tokens',
        body: LogoutRequest.optional(),
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await logout(deps, authOf(request), metaOf(request));
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/excalibur/password/reset_link',
    {
      config: { openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'E-mail a password reset link',
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
      config: { openapi: { errors: [429] } },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Set a new password with a reset token',
        body: ResetPasswordRequest,
        response: { 200: MessageResponse },
      },
    },
    async (request) => ({ message: await resetPassword(deps, request.body, metaOf(request)) }),
  );
};
