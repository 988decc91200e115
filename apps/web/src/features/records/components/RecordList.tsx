import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading, PageState } from '../../../components/PageState';
import { loadNextPage } from '../../../lib/playerQuery';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import type { RecordPage } from '../api/records';
import './RecordList.css';

/**
 * The body every record screen shares: sign-in prompt, loading, error (offline told apart), empty, then the
 * rows with pull to refresh and infinite scroll. A failed next page keeps the rows shown and offers a retry
 * at the bottom (antd-mobile's InfiniteScroll shows its retry when `loadMore` throws).
 */
export function RecordList<T, P extends RecordPage<T>>({
  query,
  header,
  renderItem,
  itemKey,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  /** Shown above the rows once the first page arrived (a summary). */
  header?: (first: P) => ReactNode;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
}) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();

  if (!signedIn) return <SignInToSeeRecords />;
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) return <PageState kind="error" onRetry={() => void query.refetch()} />;

  const pages = query.data.pages;
  // Pages are offsets into a list that grows at the top while the player reads (a bet settles, a deposit
  // lands), so the next page can start with rows already shown; each row is listed once.
  const seen = new Set<string | number>();
  const items = pages
    .flatMap((p) => p.items)
    .filter((item) => {
      const key = itemKey(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return (
    <Pull onRefresh={query.refetch}>
      {pages[0] && header ? header(pages[0]) : null}
      {items.length === 0 ? (
        <PageState kind="empty" text={t('records.empty')} />
      ) : (
        <>
          <ul className="record-list" data-testid="record-list">
            {items.map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </ul>
          <InfiniteScroll hasMore={query.hasNextPage} loadMore={loadNextPage(query)}>
            {(hasMore, failed, retry) =>
              failed ? (
                <button type="button" className="link-button" onClick={() => void retry()}>
                  {t('records.loadMoreFailed')}
                </button>
              ) : hasMore ? (
                <span>{t('common.loading')}</span>
              ) : (
                <span>{t('records.noMore')}</span>
              )
            }
          </InfiniteScroll>
        </>
      )}
    </Pull>
  );
}

/** Record screens need a player: a visitor is told what signing in shows, and nothing is requested. */
export function SignInToSeeRecords() {
  const { t } = useTranslation();
  return <SignInFirst text={t('records.signIn')} actionText={t('auth.signInNow')} />;
}

/** Pull to refresh with the app's texts; the spinner stays until the refetch settles. */
export function Pull({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('records.pull')}
      canReleaseText={t('records.release')}
      refreshingText={t('common.loading')}
      completeText={t('records.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
