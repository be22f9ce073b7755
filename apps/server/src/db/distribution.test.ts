import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { citusStatements, withinClient } from './distribution.ts';
import { accounts, payouts } from './schema.ts';

const SCALING = join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'operating', 'scaling.md');

describe('the Citus layout', () => {
  it('is the one docs/operating/scaling.md shows', () => {
    const doc = readFileSync(SCALING, 'utf8');
    const block = doc.match(/<!-- citus-statements -->\n```sql\n([\s\S]*?)```\n<!-- \/citus-statements -->/);
    expect(block, 'docs/operating/scaling.md lost its citus-statements block').not.toBeNull();
    expect(block![1]!.trim().split('\n')).toEqual(citusStatements());
  });

  it('creates a table after the tables its foreign keys point to', () => {
    const order = citusStatements().map((s) => s.match(/'(\w+)'/)![1]!);
    const after = (table: string, ...deps: string[]) =>
      deps.forEach((dep) =>
        expect(order.indexOf(dep), `${dep} before ${table}`).toBeLessThan(order.indexOf(table)),
      );
    after('users', 'clients');
    after('refresh_tokens', 'auth_sessions');
    after('payouts', 'accounts', 'beneficiaries', 'clients');
    after('payout_events', 'payouts');
    after('ledger_postings', 'ledger_entries', 'accounts', 'system_accounts');
    after('callback_attempts', 'callback_deliveries');
  });

  it('joins within one client', () => {
    const { sql, params } = new PgDialect().sqlToQuery(
      withinClient(accounts, payouts.clientRef, payouts.accountRef),
    );
    expect([sql, params]).toEqual([
      '("accounts"."client_ref" = "payouts"."client_ref" and "accounts"."id" = "payouts"."account_ref")',
      [],
    ]);
  });
});
