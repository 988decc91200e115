import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './ComingSoonPage.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="coming-soon">
      <img src="/assets/state-error.svg" alt="" className="coming-soon__art" />
      <h1 className="coming-soon__title">{t('routes.notFound')}</h1>
      <p className="coming-soon__desc">{t('common.notFoundDesc')}</p>
      <Button color="primary" shape="rounded" onClick={() => navigate('/home')}>
        {t('common.backHome')}
      </Button>
    </section>
  );
}
