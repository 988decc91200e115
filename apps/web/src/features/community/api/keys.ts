/** Query keys of the community screens; each carries the session token so players never share an answer. */
export const communityKeys = {
  all: ['community'] as const,
  feed: (token: string | null, tab: 'new' | 'hot') => ['community', 'feed', token, tab] as const,
  mine: (token: string | null) => ['community', 'mine', token] as const,
  comments: (token: string | null, postId: number) => ['community', 'comments', token, postId] as const,
  notifications: (token: string | null) => ['community', 'notifications', token] as const,
  me: (token: string | null) => ['community', 'me', token] as const,
  buyLinks: ['buy', 'links'] as const,
};

export const COMMUNITY_PAGE_SIZE = 20;

/** One page of a list answer and the next page to ask for while fewer rows than `total` have arrived. */
export type ListPage<T> = { data: T[]; total: number };
export function nextListPage<T>(last: ListPage<T>, pages: ListPage<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}
