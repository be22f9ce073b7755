export { apiFetch, apiResponse, buildUrl, type ApiRequestInit } from './client';
export { ApiError, isApiError, fieldErrors, messageFromBody, type ApiStatus } from './errors';
export { setNavigator, navigateTo, type Navigate } from './navigation';
export { reportError, recentErrors, type ReportedError } from './error-reporter';
