import { Button, DotLoading, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '../../../stores/auth';
import { useUiStore } from '../../../stores/ui';
import {
  MIN_RECHARGE,
  QUICK_AMOUNTS,
  useChannelOrderMutation,
  usePayChannelsQuery,
  useRechargeMutation,
  useRechargeOrderQuery,
  type PayChannel,
} from '../api/recharge';
import { useOpenOrderStore } from '../openOrder';
import { channelQuote, fromMicro, toMicro } from '../money';
import { DepositPopup } from './DepositPopup';
import { useCountdown } from './useCountdown';
import './MoneyCard.css';
import './RechargeForm.css';

const TRC20 = 'trc20';

/** Spec §5: at least 20, checked before anything is sent; at most 4 decimals (the server's rule too). */
export function rechargeAmountError(amount: string): 'money.amountRequired' | 'money.minRecharge' | null {
  const micro = toMicro(amount);
  if (!amount.trim() || micro === null || micro === 0n) return 'money.amountRequired';
  if (micro < BigInt(MIN_RECHARGE) * 1_000_000n) return 'money.minRecharge';
  return null;
}

/** A channel's amount outside its own limits (the server refuses it too); null when within. */
function channelAmountError(amount: string, c: PayChannel): true | null {
  const micro = toMicro(amount.trim()) ?? 0n;
  const min = toMicro(c.min_amount) ?? 0n;
  const max = toMicro(c.max_amount);
  return micro < min || (max !== null && micro > max) ? true : null;
}

type T = ReturnType<typeof useTranslation>['t'];

/** The channel list's terms: limits, fee (fixed USDT and/or percent) and, for fiat channels, the rate. */
function channelTerms(c: PayChannel, t: T): string {
  const parts = [t('money.channelLimits', { min: c.min_amount, max: c.max_amount })];
  const fixed = toMicro(c.fee_fixed) ?? 0n;
  const ratio = toMicro(c.fee_rate) ?? 0n;
  const fee = [fixed > 0n ? `${c.fee_fixed} USDT` : '', ratio > 0n ? `${c.fee_rate}%` : '']
    .filter(Boolean)
    .join(' + ');
  parts.push(fee ? t('money.channelFee', { fee }) : t('money.channelNoFee'));
  if (c.currency !== 'USDT') parts.push(t('money.channelRate', { rate: c.rate, currency: c.currency }));
  return parts.join(' · ');
}

/** For the chosen channel and a valid amount: the fee, what is credited and what its page will charge. */
function ChannelQuoteLine({ channel, amount }: { channel: PayChannel; amount: string }) {
  const { t } = useTranslation();
  const micro = toMicro(amount.trim());
  const quote = micro && micro > 0n ? channelQuote(micro, channel) : null;
  if (!quote || quote.credit <= 0n) return null;
  return (
    <p className="recharge-form__quote" data-testid="channel-quote">
      {t('money.channelQuote', {
        fee: fromMicro(quote.fee),
        credit: fromMicro(quote.credit),
        pay: quote.pay,
        currency: channel.currency,
      })}
    </p>
  );
}

/**
 * 充值 (spec §2): amount with quick picks, channel choice, and the deposit popup for a
 * TRC20 order. The open order survives leaving the screen, so the popup can be opened again until it ends.
 */
export function RechargeForm() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const openLogin = useUiStore((s) => s.openLogin);
  const [amount, setAmount] = useState('');
  const [channel, setChannel] = useState<string>(TRC20);
  const [popup, setPopup] = useState(false);
  const recharge = useRechargeMutation();
  const channelOrder = useChannelOrderMutation();
  const channels = usePayChannelsQuery();
  const order = useOpenOrderStore((s) => s.order);
  const setOrder = useOpenOrderStore((s) => s.setOrder);
  // The countdown's clock decides whether the kept order is still open (no impure clock read in render), and
  // the popup's own state query (shared by key, not fetched again here) whether it was credited or expired:
  // an order that ended is not offered again behind its success or expiry view.
  const kept = useRechargeOrderQuery(order?.order_id ?? null, false).data;
  const ended = kept !== undefined && kept.status !== 2;
  const open = useCountdown(order?.expires_at) > 0 && !ended ? order : null;
  const chosen: PayChannel | undefined = (channels.data ?? []).find((c) => String(c.id) === channel);

  const submit = async () => {
    if (!signedIn) {
      openLogin(1);
      return;
    }
    if (recharge.isPending || channelOrder.isPending) return;
    const problem = rechargeAmountError(amount);
    if (problem) {
      Toast.show({ content: t(problem, { min: MIN_RECHARGE }), position: 'center' });
      return;
    }
    if (chosen) {
      const problem = channelAmountError(amount, chosen);
      if (problem) {
        Toast.show({
          content: t('money.channelOutOfLimits', { min: chosen.min_amount, max: chosen.max_amount }),
          position: 'center',
        });
        return;
      }
      // A hosted channel: its page takes the payment and sends the player back to the result screen.
      const result = await channelOrder
        .mutateAsync({
          amount: amount.trim(),
          // The server sends the channel our configured return address (WEB_PUBLIC_URL/recharge?channel_order=…).
          channel_id: String(chosen.id),
        })
        .catch(() => null);
      if (result?.pay_url) window.location.assign(result.pay_url);
      else if (result) Toast.show({ content: t('money.channelFailed'), position: 'center' });
      return;
    }
    const created = await recharge.mutateAsync(amount.trim()).catch(() => null);
    if (!created) return;
    setOrder(created);
    setPopup(true);
  };

  const busy = recharge.isPending || channelOrder.isPending;
  return (
    <div className="recharge-form">
      <section className="money-card">
        <h3>{t('money.chooseChannel')}</h3>
        <div className="recharge-form__channels" role="radiogroup" aria-label={t('money.chooseChannel')}>
          <button
            type="button"
            role="radio"
            aria-checked={channel === TRC20}
            className={channel === TRC20 ? 'is-active' : ''}
            onClick={() => setChannel(TRC20)}
          >
            <strong>USDT-TRC20</strong>
            <small>{t('money.trc20Hint', { min: MIN_RECHARGE })}</small>
          </button>
          {(channels.data ?? []).map((c) => (
            <button
              type="button"
              role="radio"
              key={String(c.id)}
              aria-checked={channel === String(c.id)}
              className={channel === String(c.id) ? 'is-active' : ''}
              onClick={() => setChannel(String(c.id))}
            >
              <strong>{c.name}</strong>
              <small>{channelTerms(c, t)}</small>
            </button>
          ))}
        </div>
      </section>
      <section className="money-card">
        <h3>{t('money.rechargeAmount')}</h3>
        <Input
          className="recharge-form__amount"
          aria-label={t('money.rechargeAmount')}
          placeholder={t('money.rechargePlaceholder', { min: MIN_RECHARGE })}
          value={amount}
          onChange={(v) => setAmount(v.replace(/[^\d.]/g, ''))}
          inputMode="decimal"
        />
        <div className="recharge-form__quick">
          {QUICK_AMOUNTS.map((q) => (
            <button
              type="button"
              key={q}
              className={amount === String(q) ? 'is-active' : ''}
              onClick={() => setAmount(String(q))}
            >
              {q}
            </button>
          ))}
        </div>
        {chosen ? <ChannelQuoteLine channel={chosen} amount={amount} /> : null}
      </section>
      <Button
        color="primary"
        block
        shape="rounded"
        size="large"
        onClick={() => void submit()}
        disabled={busy}
      >
        {busy ? <DotLoading color="white" /> : t('money.rechargeNow')}
      </Button>
      {open ? (
        <Button block fill="outline" color="primary" shape="rounded" onClick={() => setPopup(true)}>
          {t('money.openOrder', { amount: open.actual_amount })}
        </Button>
      ) : null}
      {order ? (
        <DepositPopup
          order={order}
          visible={popup}
          onClose={() => setPopup(false)}
          onEnded={() => setOrder(null)}
        />
      ) : null}
    </div>
  );
}
