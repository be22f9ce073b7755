export { apiFetch, apiResponse, buildUrl, type ApiRequestInit } from './client';
export {
  api,
  resolvePath,
  type ApiAnswer,
  type ApiBody,
  type ApiInit,
  type ApiMethod,
  type ApiOperation,
  type ApiPathFor,
  type ApiPathParams,
  type ApiQuery,
  type ApiRequestBody,
  type ApiResponseBody,
  type PathParamNames,
} from './typed';
export type { ApiPath } from './paths';
export {
  ApiError,
  isApiError,
  errorKeyOf,
  fieldErrors,
  messageFromBody,
  LIVE_MODE_NOT_ENABLED,
  type ApiStatus,
} from './errors';
export { setNavigator, navigateTo, type Navigate } from './navigation';
export { reportError, recentErrors, type ReportedError } from './error-reporter';
export { setStepUpPrompt, isStepUpRequired, STEP_UP_CANCELLED_MESSAGE, type StepUpPrompt } from './step-up';
