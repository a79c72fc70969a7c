import {
  certificateOps as ops,
  type TCertificateAssignmentInput,
  type TCertificateKind,
  type TCertificateStatus,
  type TCertificateTemplateInput,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const CERTIFICATE_PAGE_SIZE = 20;

/** What the lists ask for (admins filter; `mine` is the learner's view for anyone). */
export interface CertificateListQuery {
  page: number;
  page_size?: number;
  status?: TCertificateStatus;
  kind?: TCertificateKind;
  user?: number;
  mine?: 'true';
}

export const certificateKeys = {
  all: ['certificates'] as const,
  list: (q: CertificateListQuery) => ['certificates', 'list', q] as const,
  verify: (code: string) => ['certificates', 'verify', code] as const,
  templates: () => ['certificates', 'templates'] as const,
  assignments: () => ['certificates', 'assignments'] as const,
};

export function useCertificates(query: CertificateListQuery) {
  return useQuery({
    queryKey: certificateKeys.list(query),
    queryFn: ({ signal }) =>
      call(ops.list, {
        query: { page_size: CERTIFICATE_PAGE_SIZE, ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: certificateKeys.verify(code),
    queryFn: ({ signal }) => call(ops.verify, { params: { code }, signal }),
    retry: false,
  });
}

export function useTemplates(enabled = true) {
  return useQuery({
    queryKey: certificateKeys.templates(),
    queryFn: ({ signal }) => call(ops.templates, { signal }),
    enabled,
  });
}

export function useAssignments(enabled = true) {
  return useQuery({
    queryKey: certificateKeys.assignments(),
    queryFn: ({ signal }) => call(ops.assignments, { signal }),
    enabled,
  });
}

/** Every change refreshes the lists of this feature. */
function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

export const useRevoke = () =>
  useInvalidating(({ id, reason }: { id: number; reason: string }) =>
    call(ops.revoke, { params: { id }, body: { reason } }),
  );
export const useReissue = () =>
  useInvalidating((id: number) => call(ops.reissue, { params: { id }, body: {} }));
export const useSaveTemplate = () =>
  useInvalidating(({ id, body }: { id: number | null; body: TCertificateTemplateInput }) =>
    id === null
      ? call(ops.createTemplate, { body })
      : call(ops.updateTemplate, { params: { id }, body }),
  );
export const useDeleteTemplate = () =>
  useInvalidating((id: number) => call(ops.removeTemplate, { params: { id } }));
export const useAssign = () =>
  useInvalidating((body: TCertificateAssignmentInput) => call(ops.assign, { body }));
export const useUnassign = () =>
  useInvalidating((id: number) => call(ops.unassign, { params: { id } }));

export const downloadPdf = (id: number) => call(ops.pdf, { params: { id } });
export const previewPdf = (body: TCertificateTemplateInput) => call(ops.preview, { body });
export function uploadCertificateImage(file: File) {
  const form = new FormData();
  form.append('image', file);
  return call(ops.uploadImage, { body: form });
}
