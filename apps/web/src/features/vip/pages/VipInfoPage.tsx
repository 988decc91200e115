import { useState } from 'react';
import { Button, ProgressBar, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../components/PageState';
import { Tabs } from '../../../components/Tabs';
import { formatBalance } from '../../../lib/format';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import {
  useClaimAllRewardsMutation,
  useClaimRewardMutation,
  useVipListQuery,
  type VipList,
  type VipReward,
} from '../api/vipList';
import { CheckInCard } from '../components/CheckInCard';
import { plain, remaining } from '../components/money';
import './vip.css';

/** vipInfo (spec §2): the player's level and progress, their rewards to claim, and the table of benefits. */
export default function VipInfoPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const query = useVipListQuery();
  if (!signedIn) return <SignInFirst text={t('vip.signIn')} />;
  return (
    <QueryStates query={query} isEmpty={(vip) => vip.levels.length === 0} emptyText={t('vip.empty')}>
      {(vip) => (
        <div className="vip-page">
          <VipHero vip={vip} />
          <Rewards vip={vip} />
          <Benefits vip={vip} />
        </div>
      )}
    </QueryStates>
  );
}

function VipHero({ vip }: { vip: VipList }) {
  const { t } = useTranslation();
  return (
    <section className="hero vip-hero" data-testid="vip-hero">
      <div className="vip-hero__row">
        <div>
          <div className="vip-hero__label">{t('vip.current')}</div>
          <div className="vip-hero__level" data-testid="vip-level">
            {t('vip.level', { level: vip.level })}
          </div>
        </div>
        <div className="vip-hero__bet">
          <div className="vip-hero__label">{t('vip.validBet')}</div>
          <strong data-testid="vip-valid-bet">{formatBalance(vip.valid_bet, 2)}</strong>
        </div>
      </div>
      <ProgressBar
        className="vip-hero__bar"
        percent={vip.progress_bp / 100}
        aria-label={t('vip.progress')}
        style={{ '--fill-color': 'var(--koi-gold)', '--track-color': 'rgba(255,255,255,0.25)' }}
      />
      <div className="vip-hero__next" data-testid="vip-next">
        {vip.next_level === null || vip.next_threshold === null
          ? t('vip.top')
          : t('vip.toNext', { level: vip.next_level, amount: remaining(vip.next_threshold, vip.valid_bet) })}
      </div>
    </section>
  );
}

function rewardTitle(t: ReturnType<typeof useTranslation>['t'], r: VipReward) {
  if (r.type === 2) return t('vip.monthOf', { month: r.period });
  if (r.type === 3) return t('vip.checkIn.of', { day: r.period, level: r.level });
  return t('vip.rewardOf', { level: r.level, type: t(`vip.rewardType.${r.type}` as 'vip.rewardType.1') });
}

function Rewards({ vip }: { vip: VipList }) {
  const { t } = useTranslation();
  const claim = useClaimRewardMutation();
  const claimAll = useClaimAllRewardsMutation();
  const claimable = vip.rewards.filter((r) => r.status === 1);
  const done = (amount: string) =>
    Toast.show({ content: t('vip.claimedOk', { amount: formatBalance(amount) }), icon: 'success' });
  const run = async (work: () => Promise<{ amount: string }>) => {
    try {
      done((await work()).amount);
    } catch {
      // The client already toasted the server's reason.
    }
  };
  return (
    <section className="section-card" aria-labelledby="vip-rewards">
      <h2 className="section-title" id="vip-rewards">
        {t('vip.rewards')}
        {claimable.length > 1 ? (
          <Button
            className="vip-claim-all"
            size="mini"
            color="primary"
            shape="rounded"
            loading={claimAll.isPending}
            onClick={() => void run(() => claimAll.mutateAsync())}
          >
            {t('vip.claimAll')}
          </Button>
        ) : null}
      </h2>
      <CheckInCard checkIn={vip.check_in} />
      {vip.rewards.length === 0 ? (
        <p className="vip-note">{t('vip.noRewards')}</p>
      ) : (
        <ul className="stack-list vip-rewards">
          {vip.rewards.map((r) => (
            <li key={r.id} className="vip-reward" data-testid="vip-reward">
              <div>
                <div className="vip-reward__title">{rewardTitle(t, r)}</div>
                <div className="vip-reward__amount">+{formatBalance(r.amount)} USDT</div>
              </div>
              {r.status === 1 ? (
                <Button
                  size="small"
                  color="primary"
                  shape="rounded"
                  loading={claim.isPending && claim.variables === r.id}
                  onClick={() => void run(() => claim.mutateAsync(r.id))}
                >
                  {t('vip.claim')}
                </Button>
              ) : (
                <span className="vip-state vip-state--done">{t('vip.claimed')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="vip-note">{t('vip.turnoverNote')}</p>
    </section>
  );
}

/** What a level brings, in the order the selected level's facts and the table of all levels show it. */
const LEVEL_FIGURES = [
  ['threshold', 'vip.threshold'],
  ['level_up_reward', 'vip.levelUp'],
  ['monthly_reward', 'vip.monthly'],
  ['check_in_reward', 'vip.checkIn.daily'],
] as const satisfies readonly (readonly [keyof VipList['levels'][number], string])[];

function Benefits({ vip }: { vip: VipList }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(vip.level);
  const level = vip.levels.find((l) => l.level === selected) ?? vip.levels[0]!;
  return (
    <section className="section-card" aria-labelledby="vip-benefits">
      <h2 className="section-title" id="vip-benefits">
        {t('vip.benefits')}
      </h2>
      <Tabs
        className="vip-levels"
        label={t('vip.benefits')}
        value={selected}
        onChange={setSelected}
        tabs={vip.levels.map((l) => ({ key: l.level, label: t('vip.level', { level: l.level }) }))}
      />
      <dl className="vip-facts" data-testid="vip-facts">
        {LEVEL_FIGURES.map(([field, label]) => (
          <div key={field}>
            <dt>{t(label)}</dt>
            <dd>{plain(level[field])}</dd>
          </div>
        ))}
      </dl>
      <h3 className="vip-subtitle">{t('vip.rates')}</h3>
      <CategoryPercents rows={level.rates.map((r) => [r.game_type_id, r.rate])} />
      <table className="vip-table">
        <thead>
          <tr>
            <th>VIP</th>
            {LEVEL_FIGURES.map(([field, label]) => (
              <th key={field}>{t(label)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {vip.levels.map((l) => (
            <tr key={l.level} className={l.level === vip.level ? 'is-current' : undefined}>
              <td>{l.level}</td>
              {LEVEL_FIGURES.map(([field]) => (
                <td key={field}>{plain(l[field])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {vip.weights.length ? (
        <>
          <h3 className="vip-subtitle">{t('vip.weightsTitle')}</h3>
          <CategoryPercents rows={vip.weights.map((w) => [w.game_type_id, w.weight])} />
        </>
      ) : null}
      <p className="vip-note">{t('vip.weightsNote')}</p>
    </section>
  );
}

/** A percentage per game category (a level's rebate rates, the categories' weights), as [category, percent]. */
function CategoryPercents({ rows }: { rows: [category: number, percent: string][] }) {
  const { t } = useTranslation();
  return (
    <ul className="vip-rates">
      {rows.map(([category, percent]) => (
        <li key={category}>
          <span>{t(`vip.category.${category}` as 'vip.category.1')}</span>
          <strong>{percent}%</strong>
        </li>
      ))}
    </ul>
  );
}
