import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInNowButton } from '../../auth/components/SignInNowButton';
import { copyText } from '../../money/copy';
import { useInviteQuery } from '../api/invite';
import { useTemplateQuery } from '../api/template';
import { InviteQr } from '../components/InviteDialog';
import { EXAMPLE_BETS, EXAMPLE_CATEGORY, workedExample } from '../example';
import { useInviteStore } from '../inviteStore';
import { TierTable } from './AgentPage';
import '../agents.css';
import '../components/InviteDialog.css';

function WorkedExample() {
  const { t } = useTranslation();
  const tiers = useTemplateQuery();
  if (tiers.isPending) return <PageLoading />;
  if (tiers.isError || tiers.data.length === 0) return null;
  const example = workedExample(tiers.data);
  return (
    <div data-testid="worked-example">
      <h3>{t('agents.promote.example', { category: t(`agents.category.${EXAMPLE_CATEGORY}`) })}</h3>
      <p className="agent-note">
        {t('agents.promote.exampleTree', {
          b: EXAMPLE_BETS.B,
          c: EXAMPLE_BETS.C,
          d: EXAMPLE_BETS.D,
          e: EXAMPLE_BETS.E,
        })}
      </p>
      <ul className="agent-list">
        {example.rows.map((row) => (
          <li key={row.name} className="agent-row">
            {t('agents.promote.exampleRow', { ...row })}
          </li>
        ))}
      </ul>
      <p className="agent-note">{t('agents.promote.exampleSum', { total: example.total })}</p>
    </div>
  );
}

/** promote (spec §2): my links and QR codes, posters through the invite dialog, and how commission is paid. */
export default function PromotePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const invite = useInviteQuery();
  const setShowInvite = useInviteStore((s) => s.setShowInvite);
  return (
    <div className="promote-page">
      <section className="surface agent-card">
        <h3>{t('agents.promote.links')}</h3>
        {!signedIn ? (
          <>
            <PageState kind="empty" text={t('agents.invite.signIn')} />
            <SignInNowButton className="agent-signin" />
          </>
        ) : invite.isPending ? (
          <PageLoading />
        ) : invite.isError ? (
          <PageState kind="error" onRetry={() => void invite.refetch()} />
        ) : (
          <div className="promote-links">
            <InviteQr src={invite.data.web_qr} alt={t('agents.invite.qrAlt', { which: 'Web' })} />
            <p className="agent-note">{t('agents.invite.code', { code: invite.data.invite_code })}</p>
            <div className="promote-link">
              <strong>{t('agents.promote.webLink')}</strong>
              <span data-testid="promote-web-link">{invite.data.web}</span>
              <Button
                size="mini"
                color="primary"
                fill="outline"
                onClick={() => void copyText(invite.data.web)}
              >
                {t('agents.invite.copy')}
              </Button>
            </div>
            <div className="promote-link">
              <strong>{t('agents.promote.botLink')}</strong>
              {invite.data.bot ? (
                <>
                  <span>{invite.data.bot}</span>
                  <Button
                    size="mini"
                    color="primary"
                    fill="outline"
                    onClick={() => void copyText(invite.data.bot!)}
                  >
                    {t('agents.invite.copy')}
                  </Button>
                </>
              ) : (
                <span>{t('agents.invite.tgOff')}</span>
              )}
            </div>
            <Button block color="primary" shape="rounded" onClick={() => setShowInvite(true)}>
              {t('agents.promote.open')}
            </Button>
          </div>
        )}
      </section>
      <section className="surface agent-card">
        <h3>{t('agents.promote.how')}</h3>
        <p className="agent-note">{t('agents.promote.howText')}</p>
        {signedIn ? (
          <>
            <TierTable />
            <WorkedExample />
            <Button block shape="rounded" onClick={() => navigate('/Agent')}>
              {t('agents.promote.toAgent')}
            </Button>
          </>
        ) : null}
      </section>
    </div>
  );
}
