import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GemIcon, MineIcon } from '../../../components/MoreIcons';
import { BetControls } from '../components/BetControls';
import { NumberSlider } from '../components/NumberSlider';
import { ResultBadge, Stage } from '../components/Stage';
import { useOriginalRound } from '../useBetAttempt';
import type { PanelProps } from './types';

export const MINE_TILES = 25;

/** Mines: pick safe tiles on a 5×5 board with 1–24 mines; the round is settled in one request. */
export function MinesPanel({ last, onSettled }: PanelProps) {
  const { t } = useTranslation();
  const [mines, setMines] = useState(3);
  const [picks, setPicks] = useState<number[]>([]);
  const round = useOriginalRound(
    'mines',
    () => {
      if (!picks.length) {
        Toast.show({ content: t('originals.pickFirst'), position: 'center' });
        return null;
      }
      return { request: { mines, picks }, params: { mines, picks } };
    },
    onSettled,
  );
  const mineTiles = new Set((last?.outcome as { mine_tiles?: number[] } | undefined)?.mine_tiles ?? []);
  const revealed = Boolean(last) && !round.busy;

  return (
    <>
      <Stage kind="mines">
        <div className="mines-grid" aria-label={t('originals.pickHint', { count: picks.length })}>
          {Array.from({ length: MINE_TILES }, (_, i) => {
            const picked = picks.includes(i);
            const state =
              revealed && mineTiles.has(i) ? 'mine' : revealed && picked ? 'gem' : picked ? 'picked' : '';
            return (
              <button
                key={i}
                type="button"
                className={`mines-tile ${state}`}
                aria-pressed={picked}
                onClick={() => {
                  if (picked) setPicks(picks.filter((p) => p !== i));
                  else if (picks.length < MINE_TILES - mines) setPicks([...picks, i]);
                }}
              >
                {state === 'mine' ? <MineIcon /> : state === 'gem' ? <GemIcon /> : null}
              </button>
            );
          })}
          {last ? <ResultBadge last={last} /> : null}
        </div>
      </Stage>
      <section className="section-card originals-panel">
        <label className="originals-field">
          <span>{t('originals.minesCount')}</span>
          <NumberSlider min={1} max={24} step={1} value={mines} onChange={setMines} />
          <b>{mines}</b>
        </label>
        <BetControls round={round} />
      </section>
    </>
  );
}
