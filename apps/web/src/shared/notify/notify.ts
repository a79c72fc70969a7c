import { enqueueSnackbar } from 'notistack';

/** Spec §8: errors hide after 6 s, successes after 4 s; both sit bottom-left. */
export const ERROR_AUTO_HIDE_MS = 6000;
export const SUCCESS_AUTO_HIDE_MS = 4000;
export const DEFAULT_SUCCESS_MESSAGE = 'Success !';

export function notifyError(message: string): void {
  enqueueSnackbar(message, { variant: 'error', autoHideDuration: ERROR_AUTO_HIDE_MS });
}

export function notifySuccess(message: string = DEFAULT_SUCCESS_MESSAGE): void {
  enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_AUTO_HIDE_MS });
}
