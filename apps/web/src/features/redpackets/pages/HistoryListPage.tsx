import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLoading, PageState } from '../../../components/PageState';
import { Tabs } from '../../../components/Tabs';
import { useAuthStore } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { useHistoryQuery, type HistoryKind } from '../api/history';
import { PacketCard } from '../components/PacketCard';
import '../redpackets.css';

/** /historyList: my sent and grabbed packets, each with its fairness data and verifier. */
export default function HistoryListPage() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => Boolean(s.token));
  const [kind, setKind] = useState<HistoryKind>('sent');
  const history = useHistoryQuery(kind, signedIn);
  if (!signedIn)
    return <SignInFirst text={t('redpackets.signIn')} actionText={t('redpackets.signInAction')} />;
  const packets = history.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="rp-page" data-testid="rp-history">
      <Tabs
        className="rp-tabs"
        tabs={(['sent', 'grabbed'] as const).map((k) => ({
          key: k,
          label: t(`redpackets.historyTabs.${k}`),
        }))}
        value={kind}
        onChange={setKind}
      />
      {history.isPending ? (
        <PageLoading />
      ) : history.isError ? (
        <PageState kind="error" onRetry={() => void history.refetch()} />
      ) : packets.length === 0 ? (
        <PageState kind="empty" text={t('redpackets.historyEmpty')} />
      ) : (
        <div className="rp-list">
          {packets.map((packet) => (
            <PacketCard key={packet.id} packet={packet} />
          ))}
          {history.hasNextPage ? (
            <Button
              fill="none"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t('redpackets.loadMore')}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
