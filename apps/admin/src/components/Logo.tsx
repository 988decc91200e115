import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <span className="koi-logo" aria-hidden>
        鲤
      </span>
      {t('app.title')}
    </span>
  );
}
