import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidateAccount, Validation } from '@meridian/contract';
import { VALIDATIONS_LIST } from '@meridian/contract/flow-lists';
import { z } from 'zod';
import type { Effects } from '../jobs/effects.ts';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { AppError } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import { registerList } from '../lists/register-list.ts';
import { countValidations, listValidations } from './queries.ts';
import { getValidation, validateAccount } from './service.ts';

export const validationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need flow.read; each write names its own permission.
  defaultPermission(app, 'flow.read');
  const p = deps.config.PROVIDER;

  app.post(
    '/core_banking/money_transfer/validate_account',
    {
      config: { permission: 'validations.create', liveGate: true, openapi: { movesMoney: true } },
      schema: {
        tags: ['validations'],
        operationId: 'validateBankAccount',
        summary: 'Validate a bank account (penny drop); ₹2.00 fee',
        description:
          "Checks that an account can be credited and returns its registered holder's name with a match score against the name given. The \u20b92.00 fee is debited from the client's account with the record; an optional Idempotency-Key makes retries safe. On the sandbox an account number ending 0001 is closed, 0002 does not exist, 0005 has another holder; an unknown IFSC is a 422.",
        body: ValidateAccount,
        response: { 201: Validation },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      let effects: Effects | null = null;
      const answer = await withIdempotency(
        deps.db,
        {
          clientRef: actor.clientRef,
          scope: 'validation',
          key: checkIdempotencyKey(request.headers['idempotency-key'], false),
          body: request.body,
          leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS,
        },
        async (tx) => {
          const result = await validateAccount(tx, actor, request.body);
          effects = result.effects;
          return { status: 201, body: result.validation };
        },
      );
      if (effects) await deps.runEffects(effects);
      if (answer.status >= 400) throw AppError.fromStored(answer);
      return reply.status(201).send(answer.body as z.infer<typeof Validation>);
    },
  );
  app.get(
    `/${p}/read/fetch/transaction/validations/:urn`,
    {
      schema: {
        tags: ['validations'],
        summary: 'A bank-account validation by its urn',
        description:
          "One of the caller's validations: the account checked, the registered name and match score, status and fee. A urn of another client is a 404.",
        params: z.object({ urn: z.string().min(1).max(64) }),
        response: { 200: Validation },
      },
    },
    async (request) => getValidation(deps.db, authOf(request).clientRef, request.params.urn),
  );

  registerList(app, deps.db, p, {
    list: VALIDATIONS_LIST,
    tag: 'validations',
    row: Validation,
    fetch: listValidations,
    count: countValidations,
    report: { type: 'validation_mis', queue: deps.queueReport },
  });
};
