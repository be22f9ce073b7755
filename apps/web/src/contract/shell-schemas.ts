/**
 * Loaded with import() only. Not under src/lib/, which the build puts in the shell's first chunk (build/chunks.ts).
 *
 * The contract schemas the signed-in shell's first view needs (the /flow summary, the user's roles, the
 * command palette's search), from the contract's modules rather than its index: loaded together in one chunk
 * beside zod, without the schemas of every other screen (npm run size: /flow JavaScript ≤ 180 KB).
 */
export { FlowSummary } from '@meridian/contract/flow';
export { UserDetails } from '@meridian/contract/user';
export { GlobalSearchResponse } from '@meridian/contract/search';
