import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { CommunityPost } from '@koi/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading, PageState } from '../../../components/PageState';
import { loadNextPage } from '../../../lib/playerQuery';
import type { ListPage } from '../api/keys';
import { PostCard } from './PostCard';

/** A paged list of posts with its loading, error and empty states, pull to refresh and infinite scroll. */
export function PostList({
  query,
  empty,
  showStatus,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<CommunityPost>>>;
  empty: ReactNode;
  showStatus?: boolean;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) return <PageState kind="error" onRetry={() => void query.refetch()} />;
  // Pages are offsets into a list that grows at the top while the player reads; each post is listed once.
  const seen = new Set<number>();
  const posts = query.data.pages
    .flatMap((p) => p.data)
    .filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())}>
      {posts.length === 0 ? (
        empty
      ) : (
        <>
          <div className="post-list" data-testid="post-list">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} showStatus={showStatus} />
            ))}
          </div>
          <InfiniteScroll hasMore={query.hasNextPage} loadMore={loadNextPage(query)}>
            {(hasMore) => <span>{hasMore ? t('common.loading') : t('community.noMore')}</span>}
          </InfiniteScroll>
        </>
      )}
    </PullToRefresh>
  );
}
