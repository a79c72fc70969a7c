import {
  blogOps as ops,
  type TBlogPostCreateInput,
  type TBlogPostUpdateInput,
  type TBlogStatus,
  userOps,
} from '@atrium/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';

export const BLOG_PAGE_SIZE = 12;
export const COMMENT_PAGE_SIZE = 20;

/** What the list asks for (the page size is the list's own). */
export interface BlogListQuery {
  status: TBlogStatus;
  page: number;
  tag?: string;
  search?: string;
}

export const blogKeys = {
  all: ['blogs'] as const,
  list: (query: BlogListQuery) => ['blogs', 'list', query] as const,
  tags: () => ['blogs', 'tags'] as const,
  post: (id: number) => ['blogs', 'post', id] as const,
  comments: (id: number) => ['blogs', 'comments', id] as const,
  authors: () => ['blogs', 'authors'] as const,
  people: (search: string) => ['blogs', 'people', search] as const,
};

/** One page of posts (published by default; `status: 'draft'` the caller's drafts). */
export function useBlogList(query: BlogListQuery) {
  return useQuery({
    queryKey: blogKeys.list(query),
    queryFn: ({ signal }) =>
      call(ops.list, { query: { page_size: BLOG_PAGE_SIZE, ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBlogTags() {
  return useQuery({
    queryKey: blogKeys.tags(),
    queryFn: ({ signal }) => call(ops.tags, { signal }),
  });
}

export function useBlogPost(id: number) {
  return useQuery({
    queryKey: blogKeys.post(id),
    queryFn: ({ signal }) => call(ops.detail, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Creates (no id) or saves a post; the lists and the post refetch. */
export function useSavePost(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBlogPostCreateInput | TBlogPostUpdateInput) =>
      id === null
        ? call(ops.create, { body: body as TBlogPostCreateInput })
        : call(ops.update, { params: { id }, body: body as TBlogPostUpdateInput }),
    onSuccess: (post) => {
      client.setQueryData(blogKeys.post(post.id), post);
      void client.invalidateQueries({ queryKey: ['blogs', 'list'] });
      void client.invalidateQueries({ queryKey: blogKeys.tags() });
    },
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: blogKeys.post(id) });
      void client.invalidateQueries({ queryKey: ['blogs', 'list'] });
      void client.invalidateQueries({ queryKey: blogKeys.tags() });
    },
  });
}

/** A post's comments, oldest first, a page at a time ("Show more"). */
export function useComments(postId: number) {
  return useInfiniteQuery({
    queryKey: blogKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      call(ops.comments, {
        params: { id: postId },
        query: { page: pageParam, page_size: COMMENT_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });
}

/** Writing, editing and deleting comments refetch the comments and the post's count. */
function useCommentMutation<A>(postId: number, fn: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: blogKeys.comments(postId) });
      void client.invalidateQueries({ queryKey: blogKeys.post(postId) });
    },
  });
}

export const useAddComment = (postId: number) =>
  useCommentMutation(postId, (body: string) =>
    call(ops.comment, { params: { id: postId }, body: { body } }),
  );
export const useEditComment = (postId: number) =>
  useCommentMutation(postId, ({ id, body }: { id: number; body: string }) =>
    call(ops.updateComment, { params: { id }, body: { body } }),
  );
export const useDeleteComment = (postId: number) =>
  useCommentMutation(postId, (id: number) => call(ops.removeComment, { params: { id } }));

/** The organisation's permitted authors (admins; first 100, the dialog's list). */
export function useBlogAuthors(enabled: boolean) {
  return useQuery({
    queryKey: blogKeys.authors(),
    queryFn: ({ signal }) => call(ops.authors, { query: { page_size: 100 }, signal }),
    enabled,
  });
}

export function useGrantAuthor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(ops.grantAuthor, { body: { user_id: userId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: blogKeys.authors() }),
  });
}

export function useRevokeAuthor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(ops.revokeAuthor, { params: { userId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: blogKeys.authors() }),
  });
}

/** Active members of the organisation to add as authors, by name or e-mail (admins only). */
export function usePeopleOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: blogKeys.people(search.trim()),
    queryFn: ({ signal }) =>
      call(userOps.list, {
        query: {
          status: 'active' as const,
          search: search.trim() || undefined,
          ordering: 'name' as const,
          page_size: 20,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
