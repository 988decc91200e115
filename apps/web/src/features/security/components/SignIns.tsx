import { Button, Dialog, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import {
  useRevokeOthersMutation,
  useRevokeSessionMutation,
  type SecurityOverview,
  type SessionView,
} from '../api/security';
import { describePlace, signInTime } from './place';

function Place({ label, session }: { label: string; session: SessionView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="security-place">
      <small>{label}</small>
      <strong>{signInTime(session)}</strong>
      <small>{describePlace(session, i18n.language, t)}</small>
    </div>
  );
}

/** The previous and the current sign-in: how a player notices that someone else used the account. */
export function LastSignIn({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation();
  return (
    <section className="money-card" data-testid="last-sign-in">
      <h3>{t('security.signIns')}</h3>
      {overview.last_sign_in ? (
        <Place label={t('security.lastSignIn')} session={overview.last_sign_in} />
      ) : (
        <p className="security-hint">{t('security.firstSignIn')}</p>
      )}
      <Place label={t('security.currentSignIn')} session={overview.current_sign_in} />
    </section>
  );
}

/** Every live session, with "sign out" for each other one and for all other ones at once. */
export function Sessions({ overview }: { overview: SecurityOverview }) {
  const { t, i18n } = useTranslation();
  const revokeOne = useRevokeSessionMutation();
  const revokeOthers = useRevokeOthersMutation();
  const others = overview.sessions.filter((s) => !s.current);

  const signOutOne = async (s: SessionView) => {
    const place = describePlace(s, i18n.language, t);
    if (!(await Dialog.confirm({ content: t('security.signOutOneConfirm', { place }) }))) return;
    const ok = await revokeOne.mutateAsync(s.id).then(
      () => true,
      () => false,
    );
    if (ok) Toast.show({ content: t('security.signedOutOne'), position: 'center' });
  };
  const signOutOthers = async () => {
    if (!(await Dialog.confirm({ content: t('security.signOutOthersConfirm') }))) return;
    const result = await revokeOthers.mutateAsync().catch(() => null);
    if (result) {
      Toast.show({
        content: t('security.signedOutOthers', { count: result.signed_out }),
        position: 'center',
      });
    }
  };

  return (
    <section className="money-card" data-testid="sessions">
      <h3>{t('security.sessions')}</h3>
      <p className="security-hint">{t('security.sessionsHint')}</p>
      <List className="security-list">
        {overview.sessions.map((s) => (
          <List.Item
            key={s.id}
            description={`${describePlace(s, i18n.language, t)}\n${t('security.lastActive', { time: formatTime(s.last_seen_at) })}`}
            extra={
              s.current ? null : (
                <Button
                  size="mini"
                  shape="rounded"
                  color="danger"
                  fill="outline"
                  onClick={() => void signOutOne(s)}
                >
                  {t('security.signOutOne')}
                </Button>
              )
            }
          >
            {t('security.signedInAt', { time: signInTime(s) })}
            {s.current ? <span className="security-tag">{t('security.thisDevice')}</span> : null}
          </List.Item>
        ))}
      </List>
      <Button
        block
        shape="rounded"
        disabled={others.length === 0}
        loading={revokeOthers.isPending}
        onClick={() => void signOutOthers()}
      >
        {others.length === 0 ? t('security.noOtherSessions') : t('security.signOutOthers')}
      </Button>
    </section>
  );
}
