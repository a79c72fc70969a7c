import { ltiOps as ops, type TLtiToolInput, type TLtiToolPatch } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const LTI_PAGE_SIZE = 20;

export const ltiKeys = {
  all: ['lti'] as const,
  tools: (page: number) => ['lti', 'tools', page] as const,
  platform: ['lti', 'platform'] as const,
  pickable: ['lti', 'pickable'] as const,
};

/** The organisation's registered tools (admins), by name. */
export function useLtiTools(page: number) {
  return useQuery({
    queryKey: ltiKeys.tools(page),
    queryFn: ({ signal }) =>
      call(ops.listTools, { query: { page, page_size: LTI_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Atrium's platform details for the admin's organisation. */
export function useLtiPlatform() {
  return useQuery({
    queryKey: ltiKeys.platform,
    queryFn: ({ signal }) => call(ops.platform, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Enabled tools that offer content (deep linking), for course authors. */
export function usePickableTools(enabled: boolean) {
  return useQuery({
    queryKey: ltiKeys.pickable,
    queryFn: ({ signal }) => call(ops.pickableTools, { signal }),
    enabled,
  });
}

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ltiKeys.all }),
  });
}

export const useCreateTool = () =>
  useInvalidating((body: TLtiToolInput) => call(ops.createTool, { body }));
export const useUpdateTool = () =>
  useInvalidating(({ id, body }: { id: number; body: TLtiToolPatch }) =>
    call(ops.updateTool, { params: { id }, body }),
  );
export const useDeleteTool = () =>
  useInvalidating((id: number) => call(ops.deleteTool, { params: { id } }));

/**
 * Opens the tool in a new tab: the tab is opened at once (in the click, so no pop-up blocker
 * stops it) and sent to the tool's login URL once Atrium has made the launch. A new tab rather
 * than a frame: the app's CSP frames only its own content origin, and tools in frames lose their
 * cookies to third-party cookie blocking.
 */
export async function openInNewTab(start: () => Promise<{ login_url: string }>) {
  const tab = window.open('', '_blank');
  try {
    const { login_url } = await start();
    if (tab) {
      tab.opener = null;
      tab.location.href = login_url;
    } else {
      window.location.assign(login_url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export const useLaunch = () =>
  useMutation({
    mutationFn: (moduleFile: number) =>
      openInNewTab(() => call(ops.launch, { body: { module_file: moduleFile } })),
  });

export const useStartDeepLinking = () =>
  useMutation({
    mutationFn: (body: { tool: number; module: number }) =>
      openInNewTab(() => call(ops.startDeepLinking, { body })),
  });
