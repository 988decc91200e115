import { useTranslation } from 'react-i18next';
import { AdultNote } from '../../../components/AdultNote';
import './Partners.css';

const PARTNERS = ['koi', 'aurora', 'nebula', 'lotus', 'tide', 'ember'] as const;
const LICENCES = ['licence-1', 'licence-2', 'licence-3'] as const;

/** Cooperation notes and gaming licence images (spec §2), all our own artwork (decision 17). */
export function Partners() {
  const { t } = useTranslation();
  return (
    <>
      <section className="section-card partners">
        <h2 className="section-title">{t('home.cooperation')}</h2>
        <p className="partners__note">{t('home.cooperationNote')}</p>
        <div className="partners__grid">
          {PARTNERS.map((p) => (
            <img
              key={p}
              src={`/assets/brands/partner-${p}.svg`}
              alt=""
              width={200}
              height={80}
              loading="lazy"
            />
          ))}
        </div>
      </section>
      <section className="section-card licences">
        <h2 className="section-title">{t('home.licence')}</h2>
        <div className="licences__row">
          {LICENCES.map((l) => (
            <img key={l} src={`/assets/licence/${l}.svg`} alt="" width={200} height={90} loading="lazy" />
          ))}
        </div>
        <AdultNote className="licences__note">{t('home.licenceNote')}</AdultNote>
      </section>
    </>
  );
}
