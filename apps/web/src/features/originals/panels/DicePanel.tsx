import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetControls } from '../components/BetControls';
import { NumberSlider } from '../components/NumberSlider';
import { RollResult, Stage } from '../components/Stage';
import { diceOffer } from '../params';
import { useOriginalRound } from '../useBetAttempt';
import type { PanelProps } from './types';

/** Dice: roll over or under a target between 2 and 98. */
export function DicePanel({ last, onSettled }: PanelProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<'over' | 'under'>('over');
  const round = useOriginalRound(
    'dice',
    () => {
      const params = { target: target.toFixed(2), direction };
      return { request: params, params };
    },
    onSettled,
  );
  const offer = diceOffer(target, direction);

  return (
    <>
      <Stage kind="dice">
        <RollResult last={last} />
      </Stage>
      <section className="section-card originals-panel">
        <div className="segmented" role="radiogroup">
          {(['under', 'over'] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={direction === d}
              className={direction === d ? 'is-active' : ''}
              onClick={() => setDirection(d)}
            >
              {t(`originals.${d}`)} {target.toFixed(2)}
            </button>
          ))}
        </div>
        <NumberSlider
          min={2}
          max={98}
          step={0.5}
          value={target}
          onChange={setTarget}
          className="originals-slider"
        />
        <div className="originals-stats">
          <span>
            {t('originals.winChance')} <b>{offer?.chance ?? '—'}%</b>
          </span>
          <span>
            {t('originals.multiplier')} <b>{offer?.multiplier ?? '—'}×</b>
          </span>
        </div>
        <BetControls round={round} />
      </section>
    </>
  );
}
