import { Button, DotLoading } from 'antd-mobile';
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
