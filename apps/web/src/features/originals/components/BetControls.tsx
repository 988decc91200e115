import { Button, Input, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { scaleAmount } from '../params';
import { AUTO_BET_ROUNDS, type OriginalRound } from '../useBetAttempt';

const STAKE_STEPS = [
  { label: 'originals.half', factor: 0.5 },
  { label: 'originals.double', factor: 2 },
] as const;

/** Stake with ½ and 2×, the bet button and the auto-bet switch: the same for every original. */
export function BetControls({ round }: { round: OriginalRound }) {
  const { t } = useTranslation();
  const { amount, setAmount, busy, auto } = round;
  return (
    <>
      <label className="originals-field">
        <span>{t('originals.amount')}</span>
        <Input value={amount} onChange={setAmount} inputMode="decimal" aria-label={t('originals.amount')} />
        {STAKE_STEPS.map(({ label, factor }) => (
          <button
            key={factor}
            type="button"
            className="chip originals-step"
            onClick={() => setAmount(scaleAmount(amount, factor))}
          >
            {t(label)}
          </button>
        ))}
      </label>

      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        className="originals-bet"
        loading={busy && !auto}
        disabled={auto}
        onClick={() => void round.play()}
      >
        {t('originals.bet')}
      </Button>

      <div className="originals-auto">
        <div>
          <strong>{t('originals.autoBet')}</strong>
          <small>{t('originals.autoBetDesc', { count: AUTO_BET_ROUNDS })}</small>
        </div>
        {/* Off by default. */}
        <Switch checked={auto} aria-label={t('originals.autoBet')} onChange={round.setAutoOn} />
      </div>
    </>
  );
}
