import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPROVALS_LIST,
  ApprovalDecisionsResult,
  ApprovalRecordList,
  ApprovalInbox,
  ApprovalRequest,
  ApprovalRule,
  ApprovalRuleList,
  ApprovalRulePreview,
  type ApprovalDecision,
  type ApprovalRuleInput,
} from '@meridian/contract/approvals';
import { createListEndpoints } from '@/components/data-table';
import { api } from '@/lib/api';
import { doneOrPending, type DoneOrPending } from '@/lib/api/pending-approval';

/** Every approvals query starts with this key: a decision or a rule change refreshes them all (and the badge). */
export const approvalsKey = ['approvals'] as const;

/** GET /{provider}/read/fetch/approvals/inbox: the requests the signed-in member can decide now. */
export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: [...approvalsKey, 'inbox'],
    queryFn: async ({ signal }) =>
      ApprovalInbox.parse(await api.get('/meridian/read/fetch/approvals/inbox', { host: 'read', signal }))
        .data,
  });

/** GET /{provider}/read/fetch/approvals/{urn}: one request with its steps, decisions and diff. */
export const requestQueryOptions = (urn: string) =>
  queryOptions({
    queryKey: [...approvalsKey, 'request', urn],
    queryFn: async ({ signal }) =>
      ApprovalRequest.parse(
        await api.get('/meridian/read/fetch/approvals/{urn}', {
          host: 'read',
          params: { path: { urn } },
          signal,
        }),
      ),
  });

/** Every request of the company (the history tab): search, count and CSV at APPROVALS_LIST's paths. */
export const approvalsEndpoints = createListEndpoints(
  APPROVALS_LIST,
  (answer) => ApprovalRecordList.parse(answer).data,
);

export type Decision = { urn: string; decision: ApprovalDecision; reason?: string };

/**
 * POST /v2/approvals/{urn}/approve or …/reject: one decision. The api client asks for the approver's step-up
 * itself (401 `step_up_required` → the "Confirm it's you" dialog → the request again).
 */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['approvals', 'decide'],
    mutationFn: async ({ urn, decision, reason }: Decision) => {
      const params = { path: { urn } };
      const answer =
        decision === 'APPROVE'
          ? await api.post('/v2/approvals/{urn}/approve', { params, body: reason ? { reason } : {} })
          : await api.post('/v2/approvals/{urn}/reject', { params, body: { reason: reason ?? '' } });
      return ApprovalRequest.parse(answer);
    },
    // The dialog shows the refusal itself (own request, already decided, a 403 naming the permission).
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

/** POST /v2/approvals/decisions: many requests at once, one step-up for all of them. */
export function useDecideMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['approvals', 'decide-many'],
    mutationFn: async (body: { urns: string[]; decision: ApprovalDecision; reason?: string }) =>
      ApprovalDecisionsResult.parse(await api.post('/v2/approvals/decisions', { body })),
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

/** GET /{provider}/read/fetch/approvals/rules: the company's rules. */
export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: [...approvalsKey, 'rules'],
    queryFn: async ({ signal }) =>
      ApprovalRuleList.parse(await api.get('/meridian/read/fetch/approvals/rules', { host: 'read', signal }))
        .data,
  });

/**
 * What saving or deleting a rule answered: the rule itself (`done`), or — when an `approval_rule` rule holds
 * changes of the rules — the 202 `PENDING_APPROVAL` with the request it waits as (`pending`): nothing changed yet.
 */
export type RuleSaved = DoneOrPending<ApprovalRule>;
const RuleAnswer = doneOrPending(ApprovalRule);

/** POST /v2/approval_rules, PUT /v2/approval_rules/{urn}, DELETE /v2/approval_rules/{urn}. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['approvals', 'rules', 'save'],
    mutationFn: async (
      change: { urn?: string; input: ApprovalRuleInput } | { urn: string; remove: true },
    ): Promise<RuleSaved> => {
      if ('remove' in change) {
        return RuleAnswer.parse(
          await api.delete('/v2/approval_rules/{urn}', { params: { path: { urn: change.urn } } }),
        );
      }
      return RuleAnswer.parse(
        change.urn
          ? await api.put('/v2/approval_rules/{urn}', {
              params: { path: { urn: change.urn } },
              body: change.input,
            })
          : await api.post('/v2/approval_rules', { body: change.input }),
      );
    },
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

/**
 * POST /v2/approval_rules/preview: what a draft rule would have held over the last 90 days. Asked as the form
 * changes (the caller debounces the input); a draft the server refuses shows no preview.
 */
export function useRulePreview(input: ApprovalRuleInput | null) {
  return useQuery({
    queryKey: [...approvalsKey, 'rules', 'preview', input],
    queryFn: async ({ signal }) =>
      ApprovalRulePreview.parse(await api.post('/v2/approval_rules/preview', { body: input!, signal })),
    enabled: input !== null,
    staleTime: 60_000,
    retry: false,
  });
}
