import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left until `to` as "2天 03:04:05", ticking every second; null once it has passed. */
export function useTimeLeft(to: string | null): string | null {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!to) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [to]);
  if (!to) return null;
  const left = Math.max(0, Math.floor((Date.parse(to) - now) / 1000));
  if (left === 0) return null;
  const days = Math.floor(left / 86_400);
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? `${t('promotions.days', { count: days })} ${clock}` : clock;
}

/** "Ends in …" for a promotion with an end, "No end date" otherwise. */
export function EndsIn({ endsAt }: { endsAt: string | null }) {
  const { t } = useTranslation();
  const left = useTimeLeft(endsAt);
  return (
    <span className="promo-countdown" role="timer">
      {endsAt ? (left ? t('promotions.endsIn', { time: left }) : '') : t('promotions.noEnd')}
    </span>
  );
}
