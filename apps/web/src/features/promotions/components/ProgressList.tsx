import { useTranslation } from 'react-i18next';
import type { PromotionItem } from '../api/taskList';

const percent = (current: string, target: string) => {
  const c = Number(current);
  const goal = Number(target);
  if (!(goal > 0)) return 100;
  return Math.max(0, Math.min(100, (c / goal) * 100));
};

/** The rule's measures (deposit, valid bets, streak …) as bars: where the player is against the target. */
export function ProgressList({ progress }: { progress: PromotionItem['progress'] }) {
  const { t } = useTranslation();
  if (progress.length === 0) return null;
  return (
    <ul className="stack-list">
      {progress.map((p) => (
        <li key={p.label}>
          <div className="promo-progress__row">
            <span>{t(`promotions.progress.${p.label}` as 'promotions.progress.deposit', p.label)}</span>
            <span className="promo-progress__nums">
              {p.current} / {p.target}
            </span>
          </div>
          <div className="promo-bar" aria-hidden="true">
            <div className="promo-bar__fill" style={{ width: `${percent(p.current, p.target)}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
