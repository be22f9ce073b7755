// A step of the web build (after `vite build`): renders the API reference that /docs serves to static HTML
// (apps/server/src/http/docs-render.ts) into apps/web/dist/reference, from the OpenAPI document of a fresh app
// (as `npm run openapi:lint` and `npm run sdk:generate` take it), so that the first visit of /docs shows it at
// once. The server renders it itself on the first visit when its document differs (another configuration, or
// a change of the API since the build): a failure here is reported and does not fail the build.
import { join } from 'node:path';

const started = Date.now();
try {
  const { openapiDocument } = await import('../../server/src/openapi-document.ts');
  const { writeReference } = await import('../../server/src/http/docs-render.ts');
  const key = await writeReference(
    await openapiDocument(),
    join(import.meta.dirname, '..', 'dist', 'reference'),
  );
  console.log(
    `API reference rendered (dist/reference/${key}.html) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.warn(
    `The API reference was not rendered (the server renders it on the first visit of /docs): ${error}`,
  );
}
