import type { BetDetailRow, RoundFairness } from '@koi/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Facts } from '../../../components/Facts';
import { PageState } from '../../../components/PageState';
import { formatBalance, formatTime } from '../../../lib/format';
import { verifyRound } from '../../originals/verifyRound';
import { useBetDetailQuery, type RecordPage } from '../api/records';
import { Money } from '../components/Money';
import { RecordCard } from '../components/RecordCard';
import { RangeTabs } from '../components/RangeTabs';
import { RecordList } from '../components/RecordList';
import { useRangeParam } from './useRangeParam';
import './BetDetailPage.css';

/** betDetail (spec §2): the rounds of one game; Koi's own rounds carry their fairness data and a verify button. */
export default function BetDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const platTypeId = Number(search.get('plat_type_id')) || 0;
  const gameCode = search.get('game_code') ?? '';
  const gameName = search.get('game_name') ?? gameCode;
  const [range, setRange] = useRangeParam();
  const query = useBetDetailQuery(platTypeId, gameCode, range);

  if (!platTypeId || !gameCode) return <PageState kind="error" text={t('records.noGame')} />;
  return (
    <div className="records-page">
      <h2 className="bet-detail__game">{gameName}</h2>
      <RangeTabs value={range} onChange={setRange} />
      <RecordList<BetDetailRow, RecordPage<BetDetailRow>>
        query={query}
        itemKey={(r) => r.round_id}
        renderItem={(r) => <RoundCard round={r} />}
      />
    </div>
  );
}

function RoundCard({ round: r }: { round: BetDetailRow }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      testId="round"
      title={formatTime(r.opened_at)}
      amount={<Money value={r.profit} />}
      meta={`${t('records.stake')} ${formatBalance(r.stake)} · ${t('records.payout')} ${formatBalance(r.payout)}`}
      aside={
        <span className={`round-status round-status--${r.status}`}>{t(`records.status.${r.status}`)}</span>
      }
    >
      <div className="record-card__row record-card__meta">
        <span className="mono">
          {t('records.roundId')} {r.round_id}
        </span>
      </div>
      {r.fairness ? <RoundFairnessView fairness={r.fairness} payout={r.payout} /> : null}
    </RecordCard>
  );
}

/**
 * The fairness data of an original round (decision 16). Once the seed pair is rotated the server seed is
 * revealed and the round can be replayed here with @koi/fair, the library the server itself uses.
 */
function RoundFairnessView({ fairness: f, payout }: { fairness: RoundFairness; payout: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<boolean | null>(null);
  return (
    <details className="round-fairness">
      <summary>{t('records.fairness')}</summary>
      <Facts
        valueClassName="mono"
        facts={[
          [t('records.outcome'), `${outcomeText(f, t('records.mineTiles'))} · ${f.multiplier}×`],
          [t('originals.serverSeedHash'), f.server_seed_hash],
          [t('originals.clientSeed'), f.client_seed],
          [t('originals.nonce'), f.nonce],
          [t('originals.revealed'), f.server_seed ?? t('records.notRevealed')],
        ]}
      />
      {f.server_seed ? (
        <div className="round-fairness__verify">
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() =>
              setResult(
                verifyRound(
                  {
                    game: f.game,
                    params: f.params,
                    win: Number(payout) > 0,
                    multiplier: f.multiplier,
                    fairness: f,
                  },
                  f.server_seed!,
                ).ok,
              )
            }
          >
            {t('records.verify')}
          </Button>
          {result === null ? null : (
            <span className={result ? 'is-ok' : 'is-bad'} role="status">
              {result ? `✓ ${t('originals.verified')}` : `✗ ${t('originals.verifyFailed')}`}
            </span>
          )}
        </div>
      ) : null}
    </details>
  );
}

function outcomeText(f: RoundFairness, mineTilesLabel: string): string {
  const o = f.outcome as Record<string, unknown>;
  if (typeof o.roll === 'string') return String(o.roll);
  if (typeof o.result === 'string') return `${o.result}×`;
  if (Array.isArray(o.mine_tiles)) return `${mineTilesLabel} ${(o.mine_tiles as number[]).join(', ')}`;
  return '—';
}
