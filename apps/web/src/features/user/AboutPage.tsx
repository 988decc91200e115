import { useTranslation } from 'react-i18next';
import { AdultNote } from '../../components/AdultNote';
import { PageLoading, PageState } from '../../components/PageState';
import { useConfig } from '../content/api/bulletin';
import { version } from '../../../package.json';
import './AboutPage.css';

/**
 * /about: the app's version and the operator's licence and responsible-gambling texts, which
 * come from the config items (8, 9) an operator edits. They are shown as plain text, never as HTML.
 */
export default function AboutPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <div className="about-page">
      <header className="about-page__head">
        <img src="/assets/logo.svg" alt="" className="about-page__logo" />
        <h1>{t('app.name')}</h1>
        <p>{t('app.slogan')}</p>
        <small data-testid="app-version">{t('about.version', { version })}</small>
      </header>
      {config.isPending ? (
        <PageLoading />
      ) : config.isError ? (
        <PageState kind="error" onRetry={() => void config.refetch()} />
      ) : (
        <>
          <section className="section-card">
            <h2 className="section-title">{t('about.licence')}</h2>
            <p className="about-page__text" data-testid="licence-text">
              {config.licence}
            </p>
          </section>
          <section className="section-card">
            <h2 className="section-title">{t('about.responsible')}</h2>
            <p className="about-page__text" data-testid="responsible-text">
              {config.responsibleGambling}
            </p>
            <AdultNote className="about-page__adult">{t('about.adult')}</AdultNote>
          </section>
        </>
      )}
    </div>
  );
}
