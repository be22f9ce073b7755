import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The barrel: it exports every table of src/db/schema/, one file per domain.
  schema: './src/db/schema.ts',
  out: './drizzle',
});
