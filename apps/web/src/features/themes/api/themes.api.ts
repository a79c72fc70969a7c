import {
  organisationOps,
  type TOrganisation,
  type TOrganisationContent,
  type TThemeImageKind,
  type TThemeUpdate,
  themeOps,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { MESSAGES } from '../../../shared/notify/messages.ts';
import { organisationKeys } from '../../organisations/index.ts';

/**
 * The content endpoint looks organisations up by domain. An organisation without one can only
 * be the default organisation (what an unknown domain answers with); '' asks for exactly that
 * without matching the domain of whatever host the editor runs on.
 */
export function contentDomain(organisation: Pick<TOrganisation, 'domain_url'>): string {
  return organisation.domain_url ?? '';
}

/** An organisation's current theme, cached beside the app's own (same query key family). */
export function useThemeContent(organisation: TOrganisation | undefined) {
  const domain = organisation ? contentDomain(organisation) : '';
  return useQuery({
    queryKey: organisationKeys.content(domain),
    queryFn: ({ signal }) => call(organisationOps.content, { query: { domain }, signal }),
    enabled: organisation !== undefined,
    meta: { errorMessage: MESSAGES.generalInfoFailed },
  });
}

/**
 * Puts the saved theme into every cached content of that organisation, the app's own included
 * (so the app re-themes at once when it is the organisation it shows). Invalidating instead
 * would refetch, and the browser may answer that from its HTTP cache (the endpoint allows a
 * minute), which would put the old colours back.
 */
function useStoreContent() {
  const queryClient = useQueryClient();
  return (content: TOrganisationContent) => {
    queryClient.setQueriesData<TOrganisationContent>(
      { queryKey: ['organisation', 'content'] },
      (cached) => (cached?.id === content.id ? content : cached),
    );
  };
}

export function useSaveTheme(organisationId: number) {
  const store = useStoreContent();
  return useMutation({
    mutationFn: (body: TThemeUpdate) =>
      call(themeOps.update, { params: { id: organisationId }, body }),
    onSuccess: store,
    meta: { errorMessage: MESSAGES.updateFailed, successMessage: 'Theme saved.' },
  });
}

export function useThemeImage(organisationId: number, kind: TThemeImageKind) {
  const store = useStoreContent();
  const params = { id: organisationId, kind };
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return call(themeOps.uploadImage, { params, body: form, onProgress });
    },
    onSuccess: store,
    meta: { errorMessage: MESSAGES.postFailed, successMessage: 'Image uploaded.' },
  });
  const remove = useMutation({
    mutationFn: () => call(themeOps.removeImage, { params }),
    onSuccess: store,
    meta: { errorMessage: MESSAGES.deleteFailed, successMessage: 'Image removed.' },
  });
  return { upload, remove };
}
