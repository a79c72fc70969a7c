import { webhookOps as ops, type TWebhookCreate, type TWebhookUpdate } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const WEBHOOK_PAGE_SIZE = 20;
export const DELIVERY_PAGE_SIZE = 10;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (page: number) => ['webhooks', 'list', page] as const,
  deliveries: (id: number, page: number) => ['webhooks', 'deliveries', id, page] as const,
};

/** The organisation's webhooks (admins), newest first. */
export function useWebhooks(page: number) {
  return useQuery({
    queryKey: webhookKeys.list(page),
    queryFn: ({ signal }) =>
      call(ops.webhooks, { query: { page, page_size: WEBHOOK_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One webhook's delivery log; read again every few seconds while deliveries are in flight. */
export function useDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      call(ops.deliveries, {
        params: { id },
        query: { page, page_size: DELIVERY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((d) => d.status === 'pending' || d.status === 'retrying')
        ? 3000
        : false,
  });
}

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useInvalidating((body: TWebhookCreate) => call(ops.createWebhook, { body }));
export const useUpdateWebhook = () =>
  useInvalidating(({ id, body }: { id: number; body: TWebhookUpdate }) =>
    call(ops.updateWebhook, { params: { id }, body }),
  );
export const useDeleteWebhook = () =>
  useInvalidating((id: number) => call(ops.deleteWebhook, { params: { id } }));
export const useRotateSecret = () =>
  useInvalidating((id: number) => call(ops.rotateSecret, { params: { id } }));
export const usePing = () => useInvalidating((id: number) => call(ops.ping, { params: { id } }));
export const useRedeliver = () =>
  useInvalidating(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    call(ops.redeliver, { params: { id, deliveryId } }),
  );
