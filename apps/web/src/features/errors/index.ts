export { CrashPage, ERROR_PAGES, ErrorPage, NotFoundPage, type ErrorCode } from './error-page';
