import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listResponse } from '@meridian/contract';
import {
  MANDATE_PRESENTATIONS_LIST,
  MANDATE_REGISTRATIONS_LIST,
  Mandate,
  MandateDetails,
  Presentation,
  type CreateMandate,
  type CreatePresentation,
} from '@meridian/contract/mandates';
import type { z } from 'zod';
import { createListEndpoints } from '@/components/data-table';
import { api, type ApiPathFor } from '@/lib/api';
import type { MutationMeta } from '@/lib/api/query-client';
import { invalidateTopics } from './invalidate';

/**
 * E-mandates (docs/using/flow-api.md#e-mandates-nach-and-upi-autopay): registrations and presentations (debits) as lists at the paths of
 * their definitions (MANDATE_REGISTRATIONS_LIST, MANDATE_PRESENTATIONS_LIST:
 * `/{provider}/read/search|count|export/mandates/{registrations|presentations}`), one mandate
 * (`GET /v2/mandates/{urn}`) and the actions (`POST /v2/mandates`, `…/{urn}/pause|resume|cancel`,
 * `…/{urn}/presentations`). Writes carry an Idempotency-Key, so a retry after an unknown outcome is replayed.
 * The lists' query keys are their names (`mandate-registrations`, `mandate-presentations`): writes refresh
 * them by the topic 'mandate'.
 */
const MandateList = listResponse(Mandate);
const PresentationList = listResponse(Presentation);

export const mandatesEndpoints = createListEndpoints(
  MANDATE_REGISTRATIONS_LIST,
  (answer) => MandateList.parse(answer).data,
);

export const presentationsEndpoints = createListEndpoints(
  MANDATE_PRESENTATIONS_LIST,
  (answer) => PresentationList.parse(answer).data,
);

export const mandateDetailsQueryKey = (urn: string) => ['flow', 'mandate-details', urn] as const;

export const mandateDetailsQueryOptions = (urn: string) =>
  queryOptions({
    queryKey: mandateDetailsQueryKey(urn),
    queryFn: async ({ signal }) =>
      MandateDetails.parse(await api.get('/v2/mandates/{urn}', { params: { path: { urn } }, signal })),
    enabled: urn !== '',
  });

export type CreateMandateBody = z.output<typeof CreateMandate>;

export function createMandate(vars: { body: CreateMandateBody; idempotencyKey: string }): Promise<Mandate> {
  return api
    .post('/v2/mandates', { body: vars.body, headers: { 'Idempotency-Key': vars.idempotencyKey } })
    .then((answer) => Mandate.parse(answer));
}

export type MandateAction = 'pause' | 'resume' | 'cancel';

const MANDATE_ACTION_PATHS = {
  pause: '/v2/mandates/{urn}/pause',
  resume: '/v2/mandates/{urn}/resume',
  cancel: '/v2/mandates/{urn}/cancel',
} as const satisfies Record<MandateAction, ApiPathFor<'post'>>;

export function changeMandate(vars: { urn: string; action: MandateAction }): Promise<Mandate> {
  return api
    .post(MANDATE_ACTION_PATHS[vars.action], { params: { path: { urn: vars.urn } } })
    .then((answer) => Mandate.parse(answer));
}

export function presentDebit(vars: {
  urn: string;
  body: CreatePresentation;
  idempotencyKey: string;
}): Promise<Presentation> {
  return api
    .post('/v2/mandates/{urn}/presentations', {
      params: { path: { urn: vars.urn } },
      body: vars.body,
      headers: { 'Idempotency-Key': vars.idempotencyKey },
    })
    .then((answer) => Presentation.parse(answer));
}

/** Every write refreshes the mandate lists, the open mandate and (a presentation) balances and statements. */
const TOPICS = ['mandate', 'balance', 'summary', 'statement', 'transaction'];

function useMandateMutation<V, R>(name: string, fn: (vars: V) => Promise<R>, errorToast: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['flow', 'mandate', name],
    mutationFn: fn,
    meta: { errorToast } satisfies MutationMeta,
    onSuccess: () => invalidateTopics(queryClient, TOPICS),
  });
}

/** The forms show the server's message and field errors themselves; a failed action is a toast. */
export const useCreateMandate = () => useMandateMutation('create', createMandate, false);
export const useChangeMandate = () => useMandateMutation('change', changeMandate, true);
export const usePresentDebit = () => useMandateMutation('present', presentDebit, false);
