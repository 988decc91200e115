import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState, QueryStates } from '../../../components/PageState';
import { formatBalance } from '../../../lib/format';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { useCompetitionQuery, type Competition } from '../api/competition';
import { plain } from '../components/money';
import './vip.css';

/** /reward (spec §2, decision 29): the masters tournament's countdown, prize table and live leaderboard. */
export default function RewardPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const query = useCompetitionQuery();
  if (!signedIn) return <SignInFirst />;
  return (
    <QueryStates query={query} isEmpty={(c) => !c.period} emptyText={t('reward.none')}>
      {(c) => (
        <div className="vip-page reward-page">
          <PeriodHero c={c} />
          <Leaderboard c={c} />
          <section className="section-card" aria-labelledby="reward-prizes">
            <h2 className="section-title" id="reward-prizes">
              {t('reward.prizes')}
            </h2>
            <ul className="reward-prizes">
              {c.prizes.map((p) => (
                <li key={p.rank}>
                  <span className={`reward-rank reward-rank--${Math.min(p.rank, 4)}`}>
                    {t('reward.rankN', { rank: p.rank })}
                  </span>
                  <strong>{plain(p.amount)} USDT</strong>
                </li>
              ))}
            </ul>
            <p className="vip-note">{t('reward.rule')}</p>
          </section>
        </div>
      )}
    </QueryStates>
  );
}

/** The time now, ticking once a second while shown (the countdown and whether the period has started). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Countdown({ to, now }: { to: string; now: number }) {
  const { t } = useTranslation();
  const left = Math.max(0, Math.floor((Date.parse(to) - now) / 1000));
  const days = Math.floor(left / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return (
    <span className="reward-countdown" data-testid="reward-countdown">
      {days > 0 ? `${t('reward.days', { d: days })} ` : ''}
      {clock}
    </span>
  );
}

function PeriodHero({ c }: { c: Competition }) {
  const { t } = useTranslation();
  const period = c.period!;
  const now = useNow();
  const started = Date.parse(period.starts_at) <= now;
  const ended = Date.parse(period.ends_at) <= now;
  return (
    <section className="hero vip-hero reward-hero" data-testid="reward-hero">
      <div className="reward-hero__title">{period.name}</div>
      <div className="vip-hero__label">
        {t('reward.period', { start: period.start_day, end: period.end_day })}
      </div>
      <div className="reward-hero__timer">
        {period.status === 2 ? (
          <span>{t('reward.paid')}</span>
        ) : ended ? (
          <span>{t('reward.ended')}</span>
        ) : (
          <>
            <span className="vip-hero__label">{started ? t('reward.endsIn') : t('reward.startsIn')}</span>
            <Countdown to={started ? period.ends_at : period.starts_at} now={now} />
          </>
        )}
      </div>
      <div className="reward-me" data-testid="reward-me">
        <span>{t('reward.me')}</span>
        <strong>{c.me ? t('reward.rankN', { rank: c.me.rank }) : t('reward.notRanked')}</strong>
        <span>{c.me ? `${t('reward.score')} ${formatBalance(c.me.score, 2)}` : ''}</span>
      </div>
    </section>
  );
}

function Leaderboard({ c }: { c: Competition }) {
  const { t } = useTranslation();
  return (
    <section className="section-card" aria-labelledby="reward-board">
      <h2 className="section-title" id="reward-board">
        {t('reward.board')}
      </h2>
      {c.top.length === 0 ? (
        <PageState kind="empty" text={t('reward.emptyBoard')} />
      ) : (
        <table className="vip-table reward-table" data-testid="reward-board">
          <thead>
            <tr>
              <th>{t('reward.rank')}</th>
              <th>{t('reward.player')}</th>
              <th>{t('reward.score')}</th>
              <th>{t('reward.prize')}</th>
            </tr>
          </thead>
          <tbody>
            {c.top.map((s) => (
              <tr key={s.rank} className={c.me?.rank === s.rank ? 'is-current' : undefined}>
                <td>
                  <span className={`reward-rank reward-rank--${Math.min(s.rank, 4)}`}>{s.rank}</span>
                </td>
                <td>{s.name}</td>
                <td>{formatBalance(s.score, 2)}</td>
                <td>{s.prize ? plain(s.prize) : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
