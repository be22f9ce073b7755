import { and, desc, eq } from 'drizzle-orm';
import { NAME_MISMATCH_UNCONFIRMED, nameMatchOf, type NameMatch } from '@meridian/contract';
import type { Db } from '../db/database.ts';
import { validations } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { auditBy, type Actor } from '../audit/actor.ts';
import { nameMatchScore } from '../rail/sandbox.ts';

/** A name that does not match the holder the bank has on file for the account (its latest validation). */
export type NameMismatch = {
  validationUrn: string;
  registeredName: string;
  score: number;
  verdict: Exclude<NameMatch, 'MATCH'>;
};

/**
 * A bank-account beneficiary is saved under a name the bank knows: the name is scored against the holder named by
 * the latest validation (penny drop) of the account (number and IFSC) by this client. A PARTIAL or NO_MATCH name
 * is refused with 422 `name_mismatch_unconfirmed` unless `confirmed`. Answers the score (kept on the beneficiary)
 * and the mismatch confirmed (to audit), or nulls when there is nothing to compare the name with (never
 * validated, or the latest validation failed and named no holder); the mismatch is null when the name matches.
 */
export async function checkNameMatch(
  db: Db,
  clientRef: number,
  d: { name: string; accountNumber: string | null; ifsc: string | null },
  confirmed: boolean | undefined,
): Promise<{ score: number | null; mismatch: NameMismatch | null }> {
  const none = { score: null, mismatch: null };
  if (!d.accountNumber || !d.ifsc) return none;
  const [latest] = await db
    .select({ urn: validations.urn, registeredName: validations.registeredName })
    .from(validations)
    .where(
      and(
        eq(validations.clientRef, clientRef),
        eq(validations.accountNumber, d.accountNumber),
        eq(validations.ifsc, d.ifsc),
      ),
    )
    .orderBy(desc(validations.createdAt), desc(validations.id))
    .limit(1);
  if (!latest?.registeredName) return none;
  const score = nameMatchScore(d.name, latest.registeredName);
  const verdict = nameMatchOf(score);
  if (verdict === null || verdict === 'MATCH') return { score, mismatch: null };
  if (!confirmed)
    throw new AppError(
      422,
      NAME_MISMATCH_UNCONFIRMED,
      `The bank has this account under the name ${latest.registeredName}: "${d.name}" is ${
        verdict === 'PARTIAL' ? 'a partial match' : 'not a match'
      } (${score}%). Use the registered name, or confirm the name mismatch to save it anyway.`,
      {
        fields: {
          beneficiary_name: `does not match the registered name ${latest.registeredName} (${score}%)`,
          confirm_name_mismatch: 'must be true to save a name that does not match the registered one',
        },
      },
    );
  return {
    score,
    mismatch: { validationUrn: latest.urn, registeredName: latest.registeredName, score, verdict },
  };
}

/** The audit record of a beneficiary saved under a name the user confirmed although it does not match. */
export const auditMismatch = (db: Db, actor: Actor, code: string, m: NameMismatch) =>
  auditBy(db, actor, 'beneficiary.name_mismatch_confirmed', code, {
    registered_name: m.registeredName,
    name_match: m.verdict,
    name_match_score: m.score,
    validation_urn: m.validationUrn,
  });
