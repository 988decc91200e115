import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotateSeedMutation, useSeedsQuery, type RotateResult } from '../api/originals';
import { verifyRound, type HistoryEntry } from '../verifyRound';
import './FairnessPanel.css';

/**
 * The fairness panel: the current server-seed hash (committed before play), the client seed (editable,
 * applied on rotation), the next nonce; rotating reveals the old server seed, and every round of this
 * session made with it is replayed in the browser with @koi/fair.
 */
export function FairnessPanel({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation();
  const seeds = useSeedsQuery(true);
  const rotate = useRotateSeedMutation();
  const [clientSeed, setClientSeed] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<RotateResult['previous']>(null);
  const current = seeds.data;
  const checked = revealed
    ? history
        .filter((e) => e.fairness.server_seed_hash === revealed.server_seed_hash)
        .map((e) => ({ entry: e, result: verifyRound(e, revealed.server_seed) }))
    : [];
  return (
    <section className="section-card fairness">
      <h2 className="section-title">{t('originals.fairness')}</h2>
      <p className="fairness__desc">{t('originals.fairnessDesc')}</p>
      <dl>
        <dt>{t('originals.serverSeedHash')}</dt>
        <dd className="mono" data-testid="server-seed-hash">
          {current?.server_seed_hash ?? '—'}
        </dd>
        <dt>{t('originals.clientSeed')}</dt>
        <dd>
          <Input
            value={clientSeed ?? current?.client_seed ?? ''}
            onChange={setClientSeed}
            aria-label={t('originals.clientSeed')}
          />
        </dd>
        <dt>{t('originals.nonce')}</dt>
        <dd className="mono">{current?.nonce ?? '—'}</dd>
      </dl>
      <Button
        block
        shape="rounded"
        color="primary"
        fill="outline"
        loading={rotate.isPending}
        onClick={async () => {
          try {
            const result = await rotate.mutateAsync(clientSeed ?? '');
            setRevealed(result.previous);
            setClientSeed(null);
          } catch {
            /* toasted by the client */
          }
        }}
      >
        {t('originals.rotate')}
      </Button>
      {revealed ? (
        <div className="fairness__revealed">
          <dt>{t('originals.revealed')}</dt>
          <dd className="mono">{revealed.server_seed}</dd>
          <ul data-testid="verify-list">
            {checked.map(({ entry, result }) => (
              <li key={entry.bet_id} className={result.ok ? 'is-ok' : 'is-bad'}>
                #{entry.fairness.nonce}{' '}
                {result.ok ? `✓ ${t('originals.verified')}` : `✗ ${t('originals.verifyFailed')}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
