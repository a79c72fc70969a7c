import {
  supportTicketOps as ops,
  type TTicket,
  type TTicketAttachment,
  type TTicketUpdate,
  type ZTicketQueueQuery,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type QueryArgs } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';

export const TICKET_PAGE_SIZE = 20;

export interface QueueFilters {
  status: string;
  priority: string;
  assignee: string;
  sla: string;
  search: string;
  organisation: string;
}
export const NO_FILTERS: QueueFilters = {
  status: '',
  priority: '',
  assignee: '',
  sla: '',
  search: '',
  organisation: '',
};

/** Only the filters set: the server refuses empty values. */
export function queueQuery(page: number, f: QueueFilters): QueryArgs<typeof ZTicketQueueQuery> {
  return {
    page,
    page_size: TICKET_PAGE_SIZE,
    ...(f.status === 'all' ? { state: 'all' } : f.status ? { status: f.status as never } : {}),
    ...(f.priority ? { priority: f.priority as never } : {}),
    ...(f.assignee ? { assignee: f.assignee as never } : {}),
    ...(f.sla ? { sla: f.sla as never } : {}),
    ...(f.search ? { search: f.search } : {}),
    ...(f.organisation ? { organisation: Number(f.organisation) } : {}),
  };
}

export const ticketKeys = {
  all: ['support', 'tickets'] as const,
  mine: (page: number) => ['support', 'tickets', 'mine', page] as const,
  queue: (page: number, f: QueueFilters) => ['support', 'tickets', 'queue', page, f] as const,
  one: (id: number) => ['support', 'tickets', 'one', id] as const,
  assignees: (id: number) => ['support', 'tickets', 'assignees', id] as const,
};

export function useMyTickets(page: number) {
  return useQuery({
    queryKey: ticketKeys.mine(page),
    queryFn: ({ signal }) =>
      call(ops.myTickets, { query: { page, page_size: TICKET_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTicketQueue(page: number, filters: QueueFilters) {
  return useQuery({
    queryKey: ticketKeys.queue(page, filters),
    queryFn: ({ signal }) => call(ops.queue, { query: queueQuery(page, filters), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketKeys.one(id),
    queryFn: ({ signal }) => call(ops.ticket, { params: { id }, signal }),
  });
}

export function useAssignees(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.assignees(id),
    queryFn: ({ signal }) => call(ops.assignees, { params: { id }, signal }),
    enabled,
  });
}

export interface NewTicket {
  subject: string;
  category: string;
  description: string;
  page: string;
  browser: string;
  files: File[];
}

export function ticketFormData(t: NewTicket): FormData {
  const form = new FormData();
  form.append('subject', t.subject);
  form.append('category', t.category);
  form.append('description', t.description);
  if (t.page) form.append('page', t.page);
  if (t.browser) form.append('browser', t.browser.slice(0, 500));
  for (const f of t.files) form.append('attachments', f, f.name);
  return form;
}

export function useOpenTicket(onProgress: (p: UploadProgress) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (t: NewTicket) => call(ops.openTicket, { body: ticketFormData(t), onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useReply(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (r: { body: string; internal: boolean; files: File[] }) => {
      const form = new FormData();
      form.append('body', r.body);
      if (r.internal) form.append('internal', 'true');
      for (const f of r.files) form.append('attachments', f, f.name);
      return call(ops.reply, { params: { id }, body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useUpdateTicket(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTicketUpdate) => call(ops.updateTicket, { params: { id }, body }),
    onSuccess: (ticket: TTicket) => {
      client.setQueryData(ticketKeys.one(id), ticket);
      return client.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

export async function downloadAttachment(ticketId: number, a: TTicketAttachment) {
  saveBlob(await call(ops.attachment, { params: { id: ticketId, attachmentId: a.id } }), a.name);
}
