import { isApiError, type ApiStatus } from './errors';

export interface ReportedError {
  at: string;
  name: string;
  message: string;
  status?: ApiStatus;
  context?: Record<string, unknown>;
}

const MAX_KEPT = 50;
const recent: ReportedError[] = [];

/**
 * The generic error reporter (every mutation error goes here). It writes to the console and keeps
 * the last 50 reports in memory for support sessions; it sends nothing anywhere else.
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  const entry: ReportedError = {
    at: new Date().toISOString(),
    name: error instanceof Error ? error.name : typeof error,
    message: error instanceof Error ? error.message : String(error),
    ...(isApiError(error) ? { status: error.status } : {}),
    ...(context ? { context } : {}),
  };
  recent.push(entry);
  if (recent.length > MAX_KEPT) recent.shift();
  console.error('[error-report]', entry.message, entry);
}

export function recentErrors(): readonly ReportedError[] {
  return recent;
}
