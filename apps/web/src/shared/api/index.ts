export {
  ApiError,
  errorMessage,
  type FieldErrors,
  GENERIC_SUPPORT_MESSAGE,
  PERMISSION_DENIED_SUFFIX,
  toApiError,
} from './api-error.ts';
export {
  type CallArgs,
  type CallResult,
  ContractViolation,
  call,
  checkResponse,
  urlOf,
} from './call.ts';
export {
  apiRequest,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  getStoredToken,
  type HttpMethod,
  type RequestOptions,
  readCookie,
  TOKEN_STORAGE_KEY,
} from './client.ts';
export { dateStamp, saveBlob } from './download.ts';
