import { useState } from 'react';
import { errorMessage } from '../api/api-error.ts';
import { notifyError, notifySuccess } from '../notify/notify.ts';

/**
 * A delete asked for from a list and confirmed in a dialog: `ask(item)` opens the dialog,
 * `confirm()` removes it, says so and closes; a refusal is shown and the dialog stays, so the
 * person can try again or cancel.
 */
export function useConfirmedRemoval<T extends { id: number }>(
  remove: (id: number) => Promise<unknown>,
  messages: { done: string; failed: string },
) {
  const [pending, setPending] = useState<T | null>(null);
  const confirm = async () => {
    if (!pending) return;
    try {
      await remove(pending.id);
      notifySuccess(messages.done);
      setPending(null);
    } catch (err) {
      notifyError(errorMessage(err, messages.failed));
    }
  };
  return { pending, ask: setPending, cancel: () => setPending(null), confirm };
}
