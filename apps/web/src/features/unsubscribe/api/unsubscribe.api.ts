import { notificationsOps as ops, type TUnsubscribeState } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

/*
 * The public unsubscribe page's data. No `meta.errorMessage`: the page shows every failure in
 * place (a bad link, the organisation's rule, a lost connection), so a snackbar would only repeat it.
 */

const unsubscribeKey = (token: string) => ['notifications', 'unsubscribe', token] as const;

/** What the token stops; reading it changes nothing. */
export function useUnsubscribeState(token: string) {
  return useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => call(ops.unsubscribeState, { query: { token }, signal }),
    enabled: token !== '',
    // The state changes only through this page's own POST, which writes its answer below.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.unsubscribe, { query: { token }, body: {} }),
    onSuccess: (state) => queryClient.setQueryData<TUnsubscribeState>(unsubscribeKey(token), state),
  });
}
