import { Button, DotLoading } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageState } from '../../../components/PageState';
import { formatBalance } from '../../../lib/format';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import { useChannelOrderQuery } from '../api/recharge';
import './ChannelResult.css';

/**
 * The result screen a hosted payment channel sends the player back to (`/recharge?channel_order=<id>`, the
 * return address the server gives the channel). It shows the order as the server knows it: waiting for the
 * channel's confirmation (asked again every few seconds, and at once when the balance signal arrives), paid
 * with the credited amount and the new balance, or failed (cancelled or expired at the channel). Either way
 * the player can go back to 充值 or to the records.
 */
export function ChannelResult({ orderId, onBack }: { orderId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const order = useChannelOrderQuery(orderId);
  const user = useUserInfoQuery();
  const { refetch } = order;
  const pending = order.data?.status === 2;
  // The balance push (SSE) reloads user info when a credit lands; a changed balance while waiting means the
  // order may be the reason, so it is asked for at once instead of at the next poll.
  const balance = user.data?.balance;
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current !== balance && pending) void refetch();
    seen.current = balance;
  }, [balance, pending, refetch]);

  const actions = (
    <div className="channel-result__actions">
      <Button color="primary" block shape="rounded" onClick={onBack}>
        {t('money.backToRecharge')}
      </Button>
      <Button
        block
        fill="outline"
        color="primary"
        shape="rounded"
        onClick={() => navigate('/rechargeRecords')}
      >
        {t('money.viewRecords')}
      </Button>
    </div>
  );

  if (order.isPending) {
    return (
      <section className="channel-result" role="status" data-testid="channel-result-loading">
        <DotLoading color="primary" />
        <span>{t('common.loading')}</span>
      </section>
    );
  }
  if (order.isError || !order.data) {
    return (
      <section className="channel-result" data-testid="channel-result-error">
        <PageState
          kind="error"
          text={order.error?.message || t('common.loadFailed')}
          onRetry={() => void refetch()}
        />
        {actions}
      </section>
    );
  }
  const o = order.data;
  const kind = o.status === 1 ? 'paid' : o.status === 3 ? 'failed' : 'pending';
  return (
    <section className={`channel-result channel-result--${kind}`} data-testid={`channel-result-${kind}`}>
      <div className="channel-result__icon" aria-hidden="true">
        {kind === 'paid' ? '✓' : kind === 'failed' ? '!' : <DotLoading color="primary" />}
      </div>
      <h2 role="status">
        {kind === 'paid'
          ? t('money.channelPaid')
          : kind === 'failed'
            ? t('money.channelFailed')
            : t('money.channelPending')}
      </h2>
      <p className="channel-result__hint">
        {kind === 'paid'
          ? t('money.newBalance', { balance: formatBalance(user.data?.balance) })
          : kind === 'failed'
            ? t('money.channelFailedHint')
            : t('money.channelPendingHint')}
      </p>
      <dl className="channel-result__rows">
        <div>
          <dt>{t('money.channelName')}</dt>
          <dd>{o.channel_name}</dd>
        </div>
        <div>
          <dt>{t('money.depositAmount')}</dt>
          <dd>{o.amount} USDT</dd>
        </div>
        <div>
          <dt>{t('money.fee')}</dt>
          <dd>{o.fee} USDT</dd>
        </div>
        <div>
          <dt>{kind === 'paid' ? t('money.credited') : t('money.toCredit')}</dt>
          <dd className="channel-result__credit">{o.actual_amount} USDT</dd>
        </div>
        <div>
          <dt>{t('money.payAmount')}</dt>
          <dd>
            {o.pay_amount} {o.currency}
          </dd>
        </div>
        <div>
          <dt>{t('money.orderNo')}</dt>
          <dd>{o.order_id}</dd>
        </div>
      </dl>
      {kind === 'pending' && o.pay_url ? (
        <a className="channel-result__pay" href={o.pay_url}>
          {t('money.channelPayAgain')}
        </a>
      ) : null}
      {actions}
    </section>
  );
}
