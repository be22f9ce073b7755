import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Beneficiary,
  BeneficiaryOption,
  CreateBeneficiary,
  IfscDetails,
  UpdateBeneficiary,
  listResponse,
} from '@meridian/contract';
import { BENEFICIARIES_LIST } from '@meridian/contract/flow-lists';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { notFound } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { registerList } from '../lists/register-list.ts';
import { lookupIfsc } from './ifsc.ts';
import { countBeneficiaries, listBeneficiaries, nonUpiBeneficiaries } from './queries.ts';
import {
  addPlannedBeneficiary,
  applyBeneficiaryUpdate,
  getBeneficiary,
  planBeneficiaryUpdate,
  planNewBeneficiary,
  updateBeneficiary,
} from './service.ts';
import { holdBeneficiaryUpdate, holdNewBeneficiary, onlyDeactivates } from './approval.ts';
import {
  PENDING_APPROVAL_DOC,
  PendingApproval,
  holdOrApply,
  pendingApproval,
} from '../approvals/settings.ts';

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

const CodeParams = z.object({ beneficiary_code: z.string().min(1).max(32) });

export const beneficiaryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need flow.read; each write names its own permission.
  defaultPermission(app, 'flow.read');
  registerBeneficiaryWrites(app, deps);
  registerBeneficiaryReads(app, deps);
};

/** The dropdown, then adding and changing a beneficiary (each perhaps held for approval). */
function registerBeneficiaryWrites(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.get(
    `/${p}/read/fetch/dropdown/beneficiaries`,
    {
      schema: {
        tags: ['dropdowns'],
        summary: 'Active non-UPI beneficiaries',
        description:
          "The client's ACTIVE beneficiaries with a bank account (no UPI-only ones), as options for a dropdown such as the validation or payout form.",
        response: { 200: listResponse(BeneficiaryOption) },
      },
    },
    async (request) => ({ data: await nonUpiBeneficiaries(deps.db, authOf(request).clientRef) }),
  );

  app.post(
    '/v2/banking/beneficiary',
    {
      schema: {
        tags: ['beneficiaries'],
        summary: 'Add a beneficiary',
        description:
          'Registers a payee (bank account with IFSC, or UPI id) under a client-chosen `beneficiary_code`; payouts then name it by that code. A code already in use is a 409. The name is scored against the holder of the latest bank-account validation of the account by this client: a PARTIAL (60–84) or NO_MATCH (below 60) name is a 422 `name_mismatch_unconfirmed` unless the body says `confirm_name_mismatch: true` (the confirmation is recorded in the audit log).' +
          PENDING_APPROVAL_DOC('beneficiary'),
        body: CreateBeneficiary,
        response: { 201: Beneficiary, 202: PendingApproval },
      },
      config: { permission: 'beneficiaries.manage', openapi: { errors: [409, 422] } },
    },
    async (request, reply) => {
      const answer = await holdOrApply(deps, request, 'beneficiary', {
        plan: (tx) => planNewBeneficiary(tx, authOf(request).clientRef, request.body),
        hold: (plan) => holdNewBeneficiary(request.body, plan),
        apply: (tx, plan) => addPlannedBeneficiary(tx, actorOf(request), plan),
      });
      if ('held' in answer)
        return reply
          .status(202)
          .send(pendingApproval(answer.held, `Adding beneficiary ${request.body.beneficiary_code}`));
      return reply.status(201).send(answer.done);
    },
  );
  app.patch(
    '/v2/banking/beneficiary/:beneficiary_code',
    {
      config: { permission: 'beneficiaries.manage', openapi: { errors: [422] } },
      schema: {
        tags: ['beneficiaries'],
        summary: 'Edit, deactivate (status INACTIVE) or reactivate a beneficiary',
        description:
          "Changes a beneficiary's details or status; an INACTIVE beneficiary cannot be paid (payouts to it are a 422) until reactivated. A change of name, account number, IFSC or transfer type checks the name against the holder of the account's latest validation, as when adding: PARTIAL or NO_MATCH is a 422 `name_mismatch_unconfirmed` unless `confirm_name_mismatch: true`. Recorded in the audit log." +
          PENDING_APPROVAL_DOC('beneficiary') +
          ' Deactivating (status INACTIVE and nothing else) never waits.',
        params: CodeParams,
        body: UpdateBeneficiary,
        response: { 200: Beneficiary, 202: PendingApproval },
      },
    },
    async (request, reply) => {
      const code = request.params.beneficiary_code;
      if (onlyDeactivates(request.body))
        return updateBeneficiary(deps.db, actorOf(request), code, request.body);
      const answer = await holdOrApply(deps, request, 'beneficiary', {
        plan: (tx) => planBeneficiaryUpdate(tx, authOf(request).clientRef, code, request.body),
        hold: (plan) => holdBeneficiaryUpdate(code, request.body, plan),
        apply: (tx, plan) => applyBeneficiaryUpdate(tx, actorOf(request), plan),
      });
      if ('held' in answer)
        return reply.status(202).send(pendingApproval(answer.held, `The change of beneficiary ${code}`));
      return answer.done;
    },
  );
}

/** One beneficiary, an IFSC lookup, and the list. */
function registerBeneficiaryReads(app: App, deps: RouteDeps) {
  const p = deps.config.PROVIDER;
  app.get(
    `/${p}/read/fetch/manage/beneficiary/:beneficiary_code`,
    {
      schema: {
        tags: ['beneficiaries'],
        summary: 'A beneficiary by its code',
        description:
          "One of the caller's beneficiaries by its `beneficiary_code`, with its bank account or UPI id and status (404 when the client has none with that code).",
        params: CodeParams,
        response: { 200: Beneficiary },
      },
    },
    async (request) => getBeneficiary(deps.db, authOf(request).clientRef, request.params.beneficiary_code),
  );
  app.get(
    `/${p}/read/fetch/ifsc/:ifsc`,
    {
      schema: {
        tags: ['beneficiaries'],
        summary: 'Look an IFSC up in the IFSC registry',
        description:
          'The bank, branch and address of an IFSC code from the registry the server ships with, to check a code before adding a beneficiary; an unknown code is a 404.',
        params: z.object({ ifsc: z.string().max(32) }),
        response: { 200: IfscDetails },
      },
    },
    async (request) => {
      const found = lookupIfsc(request.params.ifsc);
      if (!found) throw notFound('Unknown IFSC code');
      return found;
    },
  );

  registerList(app, deps.db, p, {
    list: BENEFICIARIES_LIST,
    tag: 'beneficiaries',
    row: Beneficiary,
    fetch: listBeneficiaries,
    count: countBeneficiaries,
    report: { type: 'beneficiaries', queue: deps.queueReport },
  });
}
