// Writes the OpenAPI document (as /docs/json serves it) to the file named by the first argument, or stdout.
import { writeFileSync } from 'node:fs';
import { openapiDocument } from '../src/openapi-document.ts';

const doc = `${JSON.stringify(await openapiDocument(), null, 2)}\n`;
const out = process.argv[2];
if (out) writeFileSync(out, doc);
else process.stdout.write(doc);
