import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetControls } from '../components/BetControls';
import { RollResult, Stage } from '../components/Stage';
import { limboChance } from '../params';
import { useOriginalRound } from '../useBetAttempt';
import type { PanelProps } from './types';

/** Limbo: win when the crash point reaches the target multiplier. */
export function LimboPanel({ last, onSettled }: PanelProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('2');
  const round = useOriginalRound(
    'limbo',
    () => {
      const params = { target };
      return { request: params, params };
    },
    onSettled,
  );

  return (
    <>
      <Stage kind="limbo">
        <RollResult last={last} suffix="×" />
      </Stage>
      <section className="section-card originals-panel">
        <label className="originals-field">
          <span>{t('originals.targetMultiplier')}</span>
          <Input value={target} onChange={setTarget} inputMode="decimal" />
        </label>
        <div className="originals-stats">
          <span>
            {t('originals.winChance')} <b>{limboChance(Number(target))}%</b>
          </span>
        </div>
        <BetControls round={round} />
      </section>
    </>
  );
}
