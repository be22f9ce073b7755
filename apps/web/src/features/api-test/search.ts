import { optionalTextParam, searchSchema } from '@/lib/format/search-params';

/**
 * The API test page's URL search: `?op=operationId` selects an operation, so a view can be linked and reloaded.
 * A small module of its own: the route's `validateSearch` runs in the eagerly loaded route tree.
 */
export const apiTestSearchSchema = searchSchema({ op: optionalTextParam() });
