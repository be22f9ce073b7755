import type { Answer, TestServer } from './helpers.ts';

/**
 * Holds the server's real answers to its OpenAPI document, as a validating proxy (Prism) does: every status an
 * operation answered must be one of its declared responses, and the answer's media type one of that response's
 * content types (a response declared without content answers no body). The answers are the ones the test server
 * recorded (helpers.ts `answers`); routes the document does not show (hidden pages, HEAD) are not held to it.
 */

type Response = { $ref?: string; content?: Record<string, unknown> };
type Doc = {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components?: { responses?: Record<string, Response> };
};

/** fastify's `/v2/mandates/:urn` is the document's `/v2/mandates/{urn}`. */
export const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

/** `text/csv; charset=utf-8` → `text/csv`. */
const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** What is wrong with one answer (null when the document declares it). */
export function undeclared(doc: Doc, answer: Answer): string | null {
  const method = answer.method.toLowerCase();
  const op = doc.paths[documentPath(answer.route)]?.[method];
  if (!op) return null;
  const where = `${answer.method} ${documentPath(answer.route)} → ${answer.status}`;
  let response = op.responses?.[String(answer.status)] ?? op.responses?.['default'];
  if (response?.$ref) response = doc.components?.responses?.[response.$ref.split('/').pop()!];
  if (!response) return `${where}: status not declared`;
  const declared = Object.keys(response.content ?? {});
  if (!answer.contentType)
    return declared.length === 0 || answer.status === 204 ? null : `${where}: answered no content type`;
  const type = mediaType(answer.contentType);
  if (declared.length === 0) return `${where} ${type}: declared without content`;
  const fits = declared.some(
    (d) => d === type || d === '*/*' || (d.endsWith('/*') && type.startsWith(d.slice(0, -1))),
  );
  return fits ? null : `${where} ${type}: not among ${declared.join(', ')}`;
}

/** Every distinct undeclared (operation, status, content type) among `answers`, sorted. */
export function undeclaredAnswers(doc: Doc, answers: readonly Answer[]): string[] {
  const problems = new Set<string>();
  for (const a of answers) {
    const problem = undeclared(doc, a);
    if (problem) problems.add(problem);
  }
  return [...problems].sort();
}

/** The server's own document, as `/docs/json` serves it. */
export async function documentOf(server: TestServer): Promise<Doc> {
  await server.app.ready();
  return server.app.swagger() as unknown as Doc;
}
