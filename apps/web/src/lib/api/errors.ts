/** HTTP status, or where the fetch layer failed before one arrived. */
export type ApiStatus = number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: ApiStatus;
  /** The parsed error body (the server's `{status, message, error, fields?, request_id}`), or raw text. */
  readonly data: unknown;

  constructor(status: ApiStatus, message: string, data?: unknown) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The machine key of a failed answer (`error` in the server's body, e.g. `live_mode_not_enabled`), if any. */
export function errorKeyOf(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const key = (error.data as { error?: unknown }).error;
  return typeof key === 'string' ? key : undefined;
}

/** The 403 of a live-mode change while the company's live mode is still closed (Meridian operations open it). */
export const LIVE_MODE_NOT_ENABLED = 'live_mode_not_enabled';
/** The 403 of a test-mode call for a company that has no test mode. */
export const TEST_MODE_UNAVAILABLE = 'test_mode_unavailable';

/** The server's field errors of a 400/422 answer (path → message), if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return {};
  const fields = (error.data as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The text to show for a failed answer: the body's `message`, else its `title`, else a generic line. */
export function messageFromBody(data: unknown, status: number): string {
  if (typeof data === 'object' && data !== null) {
    for (const field of ['message', 'title'] as const) {
      const value = (data as Record<string, unknown>)[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return `Request failed with status ${status}`;
}
