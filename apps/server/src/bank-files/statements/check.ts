// A statement must add up before anything of it is used: opening + booked credits − booked debits = closing, in
// integer paise. Pending lines are not on the books and count for nothing.
import { formatMoney, formatRupees as rupees } from '../../lib/money.ts';
import { signedPaise } from './amount.ts';
import type { Statement } from './types.ts';

/** Why a statement is refused: its booked lines do not lead from its opening to its closing balance. */
export interface StatementRefusal {
  reason: 'does-not-add-up';
  statementId: string;
  /** Opening + credits − debits, signed paise (negative: overdrawn). */
  computedClosingPaise: bigint;
  /** The bank's closing balance, signed paise. */
  statedClosingPaise: bigint;
  /** Stated − computed, signed paise: what the booked lines fail to explain. */
  differencePaise: bigint;
  /** The same in rupees, signed decimal text: `-0.01`. */
  difference: string;
  /** For people: `Statement S1 does not add up: … (difference ₹0.01)`. */
  message: string;
}

export type StatementCheck = { ok: true } | { ok: false; refusal: StatementRefusal };

/** Whether the statement adds up; when it does not, the refusal says by how much. */
export function checkStatement(statement: Statement): StatementCheck {
  const booked = statement.lines.filter((line) => line.status === 'booked');
  const total = (direction: 'credit' | 'debit') =>
    booked.filter((line) => line.direction === direction).reduce((sum, line) => sum + line.paise, 0n);
  const credits = total('credit');
  const debits = total('debit');
  const opening = signedPaise(statement.opening);
  const computed = opening + credits - debits;
  const stated = signedPaise(statement.closing);
  if (computed === stated) return { ok: true };
  const difference = stated - computed;
  const message =
    `Statement ${statement.statementId} does not add up: opening ${rupees(opening)} + credits ${rupees(credits)} ` +
    `− debits ${rupees(debits)} = ${rupees(computed)}, but the bank's closing balance is ${rupees(stated)} ` +
    `(difference ${rupees(difference)})`;
  return {
    ok: false,
    refusal: {
      reason: 'does-not-add-up',
      statementId: statement.statementId,
      computedClosingPaise: computed,
      statedClosingPaise: stated,
      differencePaise: difference,
      difference: formatMoney(difference),
      message,
    },
  };
}
