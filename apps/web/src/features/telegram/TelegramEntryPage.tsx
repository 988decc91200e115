import { Button, Checkbox, DotLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageState } from '../../components/PageState';
import { startSignInLink } from '../../app/startup';
import { ApiError } from '../../lib/http';
import { AGE_REQUIRED_CODE, useTelegramSignIn } from './api/telegramSignIn';
import { takeLaunchData, type LaunchData } from './launchData';
import './TelegramEntryPage.css';

/** Read once per page load: taking it clears the fragment, so a second read (StrictMode, a re-render) finds none. */
let launch: LaunchData | null | undefined;
const launchOnce = () => (launch === undefined ? (launch = takeLaunchData()) : launch);

/**
 * `/tg`: where the bot's "打开 Koi" button lands (the Mini App). The launch data goes to the server, which
 * answers a one-time sign-in code (decisions 31, 37); the code is traded for a session exactly as a sign-in
 * link's is (asking first when another player is signed in on this browser), and the player lands on home.
 * A Telegram user's first visit creates the account, so it asks for the 18+ confirmation first; asking spends
 * nothing, and the same launch data is sent again with the confirmation.
 */
export default function TelegramEntryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const inviteCode = (search.get('code') ?? '').slice(0, 64);
  const data = launchOnce();
  const signIn = useTelegramSignIn();
  const [needsAge, setNeedsAge] = useState(false);
  const [age, setAge] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const send = (ageConfirmed: boolean) => {
    if (!data) return;
    signIn.mutate(
      { initData: data.initData, inviteCode, ageConfirmed },
      {
        onSuccess: (result) => {
          startSignInLink(result.code);
          void navigate('/home', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === AGE_REQUIRED_CODE) setNeedsAge(true);
          else setFailure(error.message);
        },
      },
    );
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    send(false);
    // Sent once on arrival; later sends come from the confirmation button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!data) return <PageState kind="error" text={t('telegram.notFromTelegram')} />;
  if (failure)
    return (
      <PageState
        kind="error"
        text={`${failure} ${t('telegram.reopen')}`}
        actionText={t('telegram.home')}
        onRetry={() => void navigate('/home', { replace: true })}
      />
    );
  if (!needsAge)
    return (
      <div className="page-state" role="status">
        <DotLoading color="primary" />
        <span>{t('telegram.signingIn')}</span>
      </div>
    );
  return (
    <div className="tg-entry">
      <div className="tg-entry__card">
        <img src="/assets/logo.svg" alt="" width={120} height={120} className="tg-entry__logo" />
        <h1 className="tg-entry__title">{t('telegram.greeting', { name: data.firstName || 'Telegram' })}</h1>
        <p className="tg-entry__text">{t('telegram.firstTime')}</p>
        {inviteCode ? (
          <p className="tg-entry__invite">{t('telegram.invitedBy', { code: inviteCode })}</p>
        ) : null}
        <Checkbox checked={age} onChange={setAge} className="tg-entry__age">
          {t('telegram.age')}
        </Checkbox>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={signIn.isPending}
          disabled={!age}
          onClick={() => send(true)}
        >
          {t('telegram.create')}
        </Button>
        {!age ? <p className="tg-entry__hint">{t('telegram.ageNeeded')}</p> : null}
      </div>
    </div>
  );
}
