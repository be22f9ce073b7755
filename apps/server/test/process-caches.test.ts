import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema.ts';
import { companyUrnOf } from '../src/fabric/calls.ts';
import { useServer, type TestServer } from './helpers.ts';

// The API tests run many files in one worker (isolate: false), each on its own database, one after another;
// production runs one server per process. Either way a process cache never answers from another database:
// createServer empties them (src/lib/process-cache.ts). Two servers here, on two databases, one after the other.
const urns: string[] = [];
const firstClient = async (s: TestServer) => {
  const [row] = await s.handle.db
    .select({ id: clients.id, urn: clients.companyUrn })
    .from(clients)
    .where(eq(clients.companyCommonName, 'Acme Retail'));
  return row!;
};

for (const name of ['first', 'second']) {
  describe(`the ${name} server`, () => {
    const server = useServer();
    it("answers its own database's company urn", async () => {
      const { id, urn } = await firstClient(server.current);
      expect(await companyUrnOf(server.current.handle.db, id)).toBe(urn);
      urns.push(urn);
    });
  });
}

it('saw two databases with the same client ids and different urns', () => {
  expect(urns).toHaveLength(2);
  expect(urns[0]).not.toBe(urns[1]);
});
