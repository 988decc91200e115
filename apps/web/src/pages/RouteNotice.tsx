import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './RouteNotice.css';

/**
 * A route that only tells the player something (not built yet, no such page) inside the frame, never a blank
 * page: an illustration, the title, an optional badge, a sentence, and the way back home.
 */
export function RouteNotice({
  art,
  title,
  badge,
  text,
}: {
  art: string;
  title: string;
  badge?: string;
  text: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="route-notice">
      <img src={art} alt="" className="route-notice__art" />
      <h1 className="route-notice__title">{title}</h1>
      {badge ? <p className="chip route-notice__badge">{badge}</p> : null}
      <p className="route-notice__desc">{text}</p>
      <Button color="primary" shape="rounded" onClick={() => navigate('/home')}>
        {t('common.backHome')}
      </Button>
    </section>
  );
}
