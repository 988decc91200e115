import { Button, Input, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WithdrawalWire } from '@koi/contract';
import { PageLoading, PageState } from '../../../components/PageState';
import { formatBalance } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { useIsSignedIn } from '../../../stores/auth';
import {
  useAddressListQuery,
  useWithdrawApplyMutation,
  useWithdrawInfoQuery,
  type WithdrawInfo,
} from '../api/withdraw';
import { fromMicro, toMicro, withdrawFee } from '../money';
import { AddressPanel, ADDRESS_TYPE_KEYS, addressText } from './AddressPanel';
import { MoneyDialog } from './MoneyDialog';
import { PasswordPanel } from './PasswordPanel';
import { SignInFirst } from '../../auth/components/SignInFirst';
import './MoneyCard.css';
import './WithdrawForm.css';

/**
 * What can be withdrawn now: the available balance (holds already deducted), or nothing while a deposit's or
 * bonus's turnover is still open, as the server refuses any withdrawal then.
 */
export function withdrawableNow(info: WithdrawInfo): bigint {
  if ((toMicro(info.turnover_remaining) ?? 0n) > 0n) return 0n;
  return toMicro(info.available) ?? 0n;
}

/** The largest amount whose amount + fee fits the available balance and the single-withdrawal maximum. */
export function allInAmount(info: WithdrawInfo): bigint {
  const available = withdrawableNow(info);
  const max = toMicro(info.max_amount) ?? available;
  let amount: bigint;
  if (info.fee_type === 'fixed') amount = available - (toMicro(info.fee) ?? 0n);
  else {
    // amount × (1 + r) ≤ available; start from the exact quotient, then step down past the fee's rounding up.
    const pct = toMicro(info.fee) ?? 0n;
    amount = (available * 100_000_000n) / (100_000_000n + pct);
    while (amount > 0n && amount + withdrawFee(amount, 'ratio', info.fee) > available) amount -= 1n;
  }
  if (amount > max) amount = max;
  return amount > 0n ? amount : 0n;
}

/** A limit as a person writes it: "10.000000" → "10". */
const plain = (value: string) => {
  const micro = toMicro(value);
  return micro === null ? value : fromMicro(micro);
};

function newRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/**
 * 提现 (spec §2): available balance, amount with all-in, the address, fee, limits and the
 * remaining turnover before submitting, then the withdrawal password. Without a password the set-password
 * panel opens; without an address the address panel. After applying: the held amount and pending review.
 */
export function WithdrawForm() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const info = useWithdrawInfoQuery();
  const addresses = useAddressListQuery();
  const apply = useWithdrawApplyMutation();
  const [amount, setAmount] = useState('');
  const [addressId, setAddressId] = useState<number | null>(null);
  const [panel, setPanel] = useState<'address' | 'password' | null>(null);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<WithdrawalWire | null>(null);
  // One id per attempt: a retry after a lost answer reuses it, so the server returns the same withdrawal.
  const requestId = useRef<string | null>(null);

  if (!signedIn) return <SignInFirst />;
  if (info.isPending || addresses.isPending) return <PageLoading />;
  if (info.isError || addresses.isError || !info.data) {
    return (
      <PageState
        kind="error"
        onRetry={() => {
          void info.refetch();
          void addresses.refetch();
        }}
      />
    );
  }

  const data = info.data;
  const list = addresses.data ?? [];
  const selected = list.find((a) => a.id === addressId) ?? list[0] ?? null;
  const micro = toMicro(amount);
  const fee = micro !== null ? withdrawFee(micro, data.fee_type, data.fee) : 0n;
  const turnoverLeft = toMicro(data.turnover_remaining) ?? 0n;

  const validate = (): string | null => {
    // An amount with more decimals than a balance shows is refused as such, not as a missing amount.
    if (/^\d*\.\d{5,}$/.test(amount.trim())) return t('money.maxDecimals');
    if (micro === null || micro === 0n) return t('money.amountRequired');
    if (micro < (toMicro(data.min_amount) ?? 0n))
      return t('money.withdrawMin', { min: plain(data.min_amount) });
    if (micro > (toMicro(data.max_amount) ?? micro))
      return t('money.withdrawMax', { max: plain(data.max_amount) });
    if (micro + fee > (toMicro(data.available) ?? 0n)) return t('money.insufficient');
    return null;
  };

  const start = () => {
    // Open turnover refuses any withdrawal: say so before asking for a password or an address.
    if (turnoverLeft > 0n) {
      Toast.show({
        content: t('money.turnoverOpen', { remaining: formatBalance(data.turnover_remaining) }),
        position: 'center',
      });
      return;
    }
    // Then the guards: the password and an address must exist before anything else makes sense.
    if (!data.password_set) {
      Toast.show({ content: t('money.needPassword'), position: 'center' });
      setPanel('password');
      return;
    }
    if (!selected) {
      Toast.show({ content: t('money.needAddress'), position: 'center' });
      setPanel('address');
      return;
    }
    const problem = validate();
    if (problem) {
      Toast.show({ content: problem, position: 'center' });
      return;
    }
    requestId.current ??= newRequestId();
    setAsking(true);
  };

  const confirm = async () => {
    if (apply.isPending || !selected || micro === null) return;
    if (!password) {
      Toast.show({ content: t('money.fillAll'), position: 'center' });
      return;
    }
    try {
      const result = await apply.mutateAsync({
        amount: fromMicro(micro),
        address_id: selected.id,
        password,
        request_id: requestId.current ?? newRequestId(),
      });
      setDone(result);
      setAsking(false);
      setAmount('');
      requestId.current = null;
    } catch (error) {
      // A business answer (wrong password, limits) ends this attempt; a lost answer keeps the id for a retry.
      if (error instanceof ApiError && error.code > 0) requestId.current = null;
    } finally {
      setPassword('');
    }
  };

  if (done) {
    return (
      <section className="money-card withdraw-done" role="status" data-testid="withdraw-done">
        <strong>{t('money.withdrawApplied')}</strong>
        <dl>
          <div>
            <dt>{t('money.withdrawAmount')}</dt>
            <dd>{formatBalance(done.amount)} USDT</dd>
          </div>
          <div>
            <dt>{t('money.fee')}</dt>
            <dd>{formatBalance(done.fee)} USDT</dd>
          </div>
          <div>
            <dt>{t('money.held')}</dt>
            <dd className="withdraw-done__held">{formatBalance(done.total)} USDT</dd>
          </div>
          <div>
            <dt>{t('money.state')}</dt>
            <dd className="withdraw-done__state">{t('money.pendingReview')}</dd>
          </div>
        </dl>
        <Link to="/rechargeRecords">{t('money.viewRecords')}</Link>
        <Button block shape="rounded" color="primary" fill="outline" onClick={() => setDone(null)}>
          {t('money.withdrawAgain')}
        </Button>
      </section>
    );
  }

  return (
    <div className="withdraw-form">
      <section className="money-card withdraw-form__balance">
        <span>{t('money.available')}</span>
        <strong data-testid="withdraw-available">{formatBalance(fromMicro(withdrawableNow(data)))}</strong>
        <small>USDT</small>
        {turnoverLeft > 0n ? (
          <em className="withdraw-form__warn" data-testid="withdraw-available-turnover">
            {t('money.turnover')} {formatBalance(data.turnover_remaining)} USDT
          </em>
        ) : null}
      </section>

      <section className="money-card">
        <div className="withdraw-form__head">
          <h3>{t('money.withdrawAddress')}</h3>
          <button type="button" className="withdraw-form__link" onClick={() => setPanel('address')}>
            {t('money.manageAddress')}
          </button>
        </div>
        {list.length === 0 ? (
          <button type="button" className="withdraw-form__empty" onClick={() => setPanel('address')}>
            {t('money.addAddressFirst')}
          </button>
        ) : (
          <div className="withdraw-form__addresses" role="radiogroup" aria-label={t('money.withdrawAddress')}>
            {list.map((a) => (
              <button
                type="button"
                role="radio"
                key={a.id}
                aria-checked={selected?.id === a.id}
                className={selected?.id === a.id ? 'is-active' : ''}
                onClick={() => setAddressId(a.id)}
              >
                <span className="withdraw-form__type">{t(ADDRESS_TYPE_KEYS[a.type])}</span>
                <span className="withdraw-form__address">{addressText(a)}</span>
              </button>
            ))}
          </div>
        )}
      </section>

      <section className="money-card">
        <h3>{t('money.withdrawAmount')}</h3>
        <div className="withdraw-form__amount">
          <Input
            aria-label={t('money.withdrawAmount')}
            placeholder={t('money.withdrawPlaceholder', {
              min: plain(data.min_amount),
              max: plain(data.max_amount),
            })}
            value={amount}
            onChange={(v) => setAmount(v.replace(/[^\d.]/g, ''))}
            inputMode="decimal"
          />
          <button
            type="button"
            className="withdraw-form__link"
            onClick={() => setAmount(fromMicro(allInAmount(data)))}
          >
            {t('money.allIn')}
          </button>
        </div>
        <dl className="withdraw-form__facts">
          <div>
            <dt>{t('money.fee')}</dt>
            <dd data-testid="withdraw-fee">
              {data.fee_type === 'fixed'
                ? `${formatBalance(data.fee)} USDT`
                : `${data.fee}% · ${formatBalance(fromMicro(fee))} USDT`}
            </dd>
          </div>
          <div>
            <dt>{t('money.total')}</dt>
            <dd>{formatBalance(fromMicro((micro ?? 0n) + (micro ? fee : 0n)))} USDT</dd>
          </div>
          <div>
            <dt>{t('money.limits')}</dt>
            <dd>
              {plain(data.min_amount)} – {plain(data.max_amount)} USDT
            </dd>
          </div>
          <div>
            <dt>{t('money.dailyLimits')}</dt>
            <dd>
              {t('money.dailyUsage', {
                count: data.daily_count_used,
                max: data.daily_count_limit,
                used: formatBalance(data.daily_amount_used, 2),
                limit: formatBalance(data.daily_amount_limit, 2),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('money.turnover')}</dt>
            <dd data-testid="withdraw-turnover" className={turnoverLeft > 0n ? 'withdraw-form__warn' : ''}>
              {formatBalance(data.turnover_remaining)} USDT
            </dd>
          </div>
        </dl>
        {data.locked_minutes > 0 ? (
          <p className="withdraw-form__warn">{t('money.locked', { minutes: data.locked_minutes })}</p>
        ) : null}
      </section>

      <Button color="primary" block shape="rounded" size="large" onClick={start}>
        {t('money.withdrawNow')}
      </Button>
      <div className="withdraw-form__links">
        <button type="button" className="withdraw-form__link" onClick={() => setPanel('password')}>
          {t(data.password_set ? 'money.passwordModifyTitle' : 'money.passwordSetTitle')}
        </button>
      </div>

      <MoneyDialog
        visible={asking}
        className="withdraw-password"
        title={t('money.enterPassword')}
        onCancel={() => setAsking(false)}
        action={{ text: t('common.confirm'), onClick: () => void confirm(), busy: apply.isPending }}
      >
        <p>
          {t('money.confirmWithdraw', {
            amount: formatBalance(fromMicro(micro ?? 0n)),
            address: selected ? addressText(selected) : '',
          })}
        </p>
        <Input
          type="password"
          aria-label={t('money.withdrawPassword')}
          placeholder={t('money.withdrawPassword')}
          value={password}
          onChange={setPassword}
          autoComplete="off"
        />
      </MoneyDialog>
      <AddressPanel visible={panel === 'address'} onClose={() => setPanel(null)} />
      <PasswordPanel visible={panel === 'password'} onClose={() => setPanel(null)} />
    </div>
  );
}
