import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChannelResult } from '../components/ChannelResult';
import { RechargeForm } from '../components/RechargeForm';
import { WithdrawForm } from '../components/WithdrawForm';
import './RechargePage.css';

/**
 * 充值 tab (spec §2): deposit and withdrawal on one screen; `?type=withdraw` (the home shortcut) opens the
 * withdrawal side. `?channel_order=<order id>` is where a hosted payment channel sends the player back.
 */
export default function RechargePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('type') === 'withdraw' ? 'withdraw' : 'recharge';
  const channelOrder = params.get('channel_order');
  return (
    <div className="recharge-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'withdraw' ? { type: 'withdraw' } : {}, { replace: true })}
      >
        <Tabs.Tab title={t('money.tabRecharge')} key="recharge" />
        <Tabs.Tab title={t('money.tabWithdraw')} key="withdraw" />
      </Tabs>
      <div className="recharge-page__body">
        {tab === 'withdraw' ? (
          <WithdrawForm />
        ) : channelOrder ? (
          <ChannelResult
            key={channelOrder}
            orderId={channelOrder}
            onBack={() => setParams({}, { replace: true })}
          />
        ) : (
          <RechargeForm />
        )}
      </div>
    </div>
  );
}
