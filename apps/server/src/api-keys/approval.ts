import { z } from 'zod';
import type { HoldInput } from '../approvals/engine.ts';
import { PendingApproval, settingsExecutor } from '../approvals/settings.ts';
import { createApiKeyWith } from './service.ts';

/*
 * Four eyes on API keys (action `api_key`). The secret is shown to the member who asked for the key and to nobody
 * else: when the creation waits, the key's id and secret are made at once and the secret is in the maker's 202
 * answer only; the approval request keeps the secret's SHA-256 in its payload (never shown: approvers see the
 * name and role), and the key, made with that hash once approved, works only from then on. Rejected or expired,
 * the key is never made and the secret opens nothing.
 */

/** The maker's 202: the request, and the key's id and secret (shown this once), valid once approved. */
export const PendingApiKey = PendingApproval.extend({
  key_id: z.string(),
  key_secret: z.string(),
});

const Payload = z.object({
  name: z.string(),
  role: z.string(),
  key_id: z.string(),
  secret_hash: z.string(),
});

/** What a key creation's approval request holds. */
export const holdApiKey = (
  input: { name: string; role: string },
  credentials: { keyId: string; secretHash: string },
): Omit<HoldInput, 'action' | 'source'> => ({
  summary: `Create API key "${input.name}" with the ${input.role} role`,
  resourceUrn: credentials.keyId,
  payload: {
    name: input.name,
    role: input.role,
    key_id: credentials.keyId,
    secret_hash: credentials.secretHash,
  },
  diff: { before: null, after: { key_id: credentials.keyId, name: input.name, role: input.role } },
});

/** Makes an approved key, with the id and secret hash made when it was asked for. */
export const apiKeyExecutor = settingsExecutor(async (tx, payload, actor) => {
  const held = Payload.parse(payload);
  const key = await createApiKeyWith(
    tx,
    actor,
    { name: held.name, role: held.role },
    { keyId: held.key_id, secretHash: held.secret_hash },
  );
  return { outcome: `API key ${key.key_id} created` };
});
