import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DepositIcon, ListIcon, RebateIcon, WithdrawIcon } from '../../../components/Icons';
import { useIsSignedIn } from '../../../stores/auth';
import { useUiStore } from '../../../stores/ui';
import { formatBalance } from '../../../lib/format';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import { SignInNowButton } from '../../auth/components/SignInNowButton';
import './BalanceCard.css';
import { lazyPart } from '../../../lib/lazyScreen';
import { useFirstScreenDone } from '../../../lib/useFirstScreenDone';

// A guest sees neither the counter nor the refresh button: their code loads for a signed-in player only, in
// one file (balanceLater).
const loadLater = () => import('./balanceLater');
const RefreshBalanceButton = lazyPart(() => loadLater().then((m) => ({ default: m.RefreshBalanceButton })));
// What transfer-wallet games hold, and its automatic recall.
const InGameNote = lazyPart(() => loadLater().then((m) => ({ default: m.InGameNote })));
const BalanceCount = lazyPart(() =>
  loadLater().then((m) => ({
    default: function BalanceCount({ value, since }: { value: string; since: number }) {
      // Spec §9's wait counts from when the amount first showed, not from when this code arrived.
      const [delayMs] = useState(() => Math.max(0, m.BALANCE_COUNT.delayMs - (performance.now() - since)));
      return <m.CountUp value={value} {...m.BALANCE_COUNT} delayMs={delayMs} testId="balance" />;
    },
  })),
);

/** The counter's first frame (it starts from 0), so nothing moves when the counter takes over. */
const BALANCE_PLACEHOLDER = <span className="count-up">{formatBalance('0', 4)}</span>;

const SHORTCUTS = [
  { key: 'recharge', to: '/recharge', Icon: DepositIcon },
  { key: 'withdraw', to: '/recharge?type=withdraw', Icon: WithdrawIcon },
  { key: 'income', to: '/income', Icon: RebateIcon },
  { key: 'transactions', to: '/transactionRecords', Icon: ListIcon },
] as const;

/** Balance card with refresh button and the four shortcuts of spec §2. */
export function BalanceCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const openLogin = useUiStore((s) => s.openLogin);
  const user = useUserInfoQuery();
  // The counter and the refresh button (their code, the later screens' strings and icons) load once the
  // first screen is done: requested at once, five more files travelled beside the home page's banner and
  // data and held its largest paint back (bench:web, signed in). The counter's first frame is the placeholder.
  const settled = useFirstScreenDone();

  return (
    <section className="hero balance-card">
      <div className="balance-card__top">
        <span className="balance-card__label">{t('home.balance')}</span>
        {signedIn && settled ? (
          <Suspense fallback={null}>
            <RefreshBalanceButton />
          </Suspense>
        ) : null}
      </div>
      {signedIn ? (
        <>
          <BalanceAmount value={user.data?.balance} settled={settled} />
          {settled ? (
            <Suspense fallback={null}>
              <InGameNote />
            </Suspense>
          ) : null}
        </>
      ) : (
        <div className="balance-card__guest">
          <span>{t('auth.signInPrompt')}</span>
          <SignInNowButton className="balance-card__login" />
        </div>
      )}
      <div className="shortcuts">
        {SHORTCUTS.map(({ key, to, Icon }) => (
          <button
            key={key}
            type="button"
            className="shortcut"
            onClick={() => (signedIn ? navigate(to) : openLogin(1))}
          >
            <span className={`shortcut__icon shortcut__icon--${key}`}>
              <Icon />
            </span>
            <span className="shortcut__label">{t(`home.shortcuts.${key}`)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * The signed-in amount; mounted when the player signs in, which is when spec §9's wait starts. The number
 * sits in a box as wide as the balance it counts up to (a hidden copy of it shares the box's one grid cell),
 * so the unit after it stays where it is while the counter runs from 0.0000 through 10 and 100 to the
 * balance; and the unit shows once the balance is known, so it never moves when the balance arrives either.
 */
function BalanceAmount({ value, settled }: { value: string | undefined; settled: boolean }) {
  const [shownAt] = useState(() => performance.now());
  return (
    <div className="balance-card__amount">
      <span className="count-up-box">
        {settled && value !== undefined ? (
          <Suspense fallback={BALANCE_PLACEHOLDER}>
            <BalanceCount value={value} since={shownAt} />
          </Suspense>
        ) : (
          BALANCE_PLACEHOLDER
        )}
        {value === undefined ? null : (
          <span className="count-up count-up-box__room" aria-hidden="true">
            {formatBalance(value, 4)}
          </span>
        )}
      </span>
      {value === undefined ? null : <span className="balance-card__unit">USDT</span>}
    </div>
  );
}
