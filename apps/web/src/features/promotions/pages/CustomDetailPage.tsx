import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { useTaskDetailQuery } from '../api/taskDetail';
import '../promotions.css';

/** customDetail (spec §2): a promotion's rich content on a page of its own. */
export default function CustomDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useTaskDetailQuery({ id: Number.isInteger(id) && id > 0 ? id : undefined });
  if (!(id > 0)) return <PageState kind="empty" />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return <PageState kind="error" text={t('promotions.loadFailed')} onRetry={() => void query.refetch()} />;
  }
  return (
    <article className="promo-page promo-section">
      <h2 className="promo-detail__title">{query.data.title}</h2>
      {query.data.content_html ? (
        // Sanitised by the server (sanitize-html) when the operator saved it.
        <div className="promo-rich" dangerouslySetInnerHTML={{ __html: query.data.content_html }} />
      ) : (
        <PageState kind="empty" />
      )}
    </article>
  );
}
