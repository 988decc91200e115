import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteMeta } from '../app/meta';
import './ComingSoonPage.css';

/** Routes of spec §2 not built yet show this inside the frame, never a blank page. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  return (
    <section className="coming-soon">
      <img src="/assets/coming-soon.svg" alt="" className="coming-soon__art" />
      <h1 className="coming-soon__title">{t(meta.title as 'routes.home')}</h1>
      <p className="chip coming-soon__badge">{t('common.comingSoon')}</p>
      <p className="coming-soon__desc">{t('common.comingSoonDesc')}</p>
      <Button color="primary" shape="rounded" onClick={() => navigate('/home')}>
        {t('common.backHome')}
      </Button>
    </section>
  );
}
