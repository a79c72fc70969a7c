import { enqueueSnackbar } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { notifyError, notifySuccess } from './notify.ts';

vi.mock('notistack', () => ({ enqueueSnackbar: vi.fn() }));

describe('notify', () => {
  it('shows errors for 6 s and successes for 4 s, with "Success !" by default', () => {
    notifyError('Could not update data');
    expect(enqueueSnackbar).toHaveBeenLastCalledWith('Could not update data', {
      variant: 'error',
      autoHideDuration: 6000,
    });
    notifySuccess();
    expect(enqueueSnackbar).toHaveBeenLastCalledWith('Success !', {
      variant: 'success',
      autoHideDuration: 4000,
    });
    notifySuccess('Course saved');
    expect(enqueueSnackbar).toHaveBeenLastCalledWith('Course saved', {
      variant: 'success',
      autoHideDuration: 4000,
    });
  });
});
