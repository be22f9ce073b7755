/** An error with an HTTP status and a machine key; the error handler turns it into the one JSON error shape. */
export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    status: number,
    key: string,
    message: string,
    extra?: { fields?: Record<string, string>; headers?: Record<string, string> },
  ) {
    super(message);
    this.status = status;
    this.key = key;
    this.fields = extra?.fields;
    this.headers = extra?.headers;
  }

  /** Re-raises an error answer kept by the idempotency store (its replay). */
  static fromStored(answer: { status: number; body: unknown }): AppError {
    const b = (answer.body ?? {}) as { error?: string; message?: string; fields?: Record<string, string> };
    return new AppError(
      answer.status,
      b.error ?? 'error',
      b.message ?? 'Request failed',
      b.fields ? { fields: b.fields } : undefined,
    );
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fields ? { fields } : undefined);
export const unauthorized = (message = 'Authentication required', key = 'unauthorized') =>
  new AppError(401, key, message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, { headers: { 'retry-after': String(retryAfterSeconds) } });
