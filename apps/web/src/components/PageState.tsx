import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './PageState.css';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-state" role="status">
      <DotLoading color="primary" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

/** Empty, error and offline states share one shape: an illustration, a line of text, an optional action. */
export function PageState({
  kind,
  text,
  onRetry,
  actionText,
}: {
  kind: 'empty' | 'error' | 'offline';
  text?: string;
  onRetry?: () => void;
  /** The action button's label; 重试 by default. */
  actionText?: string;
}) {
  const { t } = useTranslation();
  const offline =
    kind === 'offline' || (kind === 'error' && typeof navigator !== 'undefined' && !navigator.onLine);
  const message =
    text ?? (offline ? t('common.offline') : kind === 'empty' ? t('common.empty') : t('common.loadFailed'));
  return (
    <div
      className={`page-state page-state--${offline ? 'offline' : kind}`}
      role={kind === 'empty' ? 'status' : 'alert'}
    >
      <img
        src={`/assets/state-${kind === 'empty' ? 'empty' : 'error'}.svg`}
        alt=""
        className="page-state__art"
      />
      <span>{message}</span>
      {onRetry ? (
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onRetry}>
          {actionText ?? t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A read's screen until its data is in: the loading state, then the error with a retry. Once it is in,
 * `children` draws the data, or the empty state (with `emptyText`, else the common words) stands instead when
 * there is nothing to draw: an empty list, or what `isEmpty` says for any other shape.
 */
export function QueryStates<T>({
  query,
  isEmpty,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageState kind="error" onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0)
    return <PageState kind="empty" text={emptyText} />;
  return children(data);
}
