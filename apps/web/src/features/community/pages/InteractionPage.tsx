import { Badge, Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageState } from '../../../components/PageState';
import { formatTime } from '../../../lib/format';
import { useProtectedImages } from '../../../lib/useProtectedImages';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { useHotPostsQuery } from '../api/hotPosts';
import { useMarkReadMutation, useNotificationsQuery } from '../api/notifications';
import {
  ChatIcon,
  ChevronRightIcon,
  CommentIcon,
  HeartIcon,
  PenIcon,
  RedPacketIcon,
} from '../components/icons';
import '../community.css';

type Entry = { key: 'redPacket' | 'community' | 'buy'; to: string; art: ReactNode };
const ENTRIES: Entry[] = [
  { key: 'redPacket', to: '/game', art: <RedPacketIcon /> },
  { key: 'community', to: '/community', art: <ChatIcon /> },
  { key: 'buy', to: '/buy', art: '₮' },
];

/**
 * 互动 (the interaction tab): the ways in (the red-packet room, the community, where to buy USDT, writing a
 * post), the player's notifications of likes, comments and replies, and the hot posts of the moment.
 */
export default function InteractionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  return (
    <div className="interaction-page">
      <nav className="interaction-entries" aria-label={t('routes.interaction')}>
        {ENTRIES.map((e) => (
          <button
            key={e.key}
            type="button"
            className={`entry entry--${e.key}`}
            onClick={() => navigate(e.to)}
          >
            <span className="entry__art" aria-hidden>
              {e.art}
            </span>
            <span className="entry__title">{t(`interaction.entries.${e.key}`)}</span>
            <span className="entry__note">{t(`interaction.entries.${e.key}Note`)}</span>
          </button>
        ))}
        <button type="button" className="entry entry--write" onClick={() => navigate('/CreatePost')}>
          <span className="entry__art" aria-hidden>
            <PenIcon />
          </span>
          <span className="entry__title">{t('interaction.entries.write')}</span>
        </button>
      </nav>
      {signedIn ? (
        <>
          <Notifications />
          <HotPosts />
        </>
      ) : (
        <SignInFirst text={t('interaction.signIn')} />
      )}
    </div>
  );
}

function Section({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="interaction-section">
      <header className="interaction-section__head">
        <h2>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

function Notifications() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useNotificationsQuery();
  const read = useMarkReadMutation();
  const unread = list.data?.unread ?? 0;
  return (
    <Section
      title={
        <>
          {t('interaction.notifications')}
          {unread > 0 ? <Badge content={unread} className="interaction-badge" /> : null}
        </>
      }
      extra={
        unread > 0 ? (
          <Button
            size="mini"
            fill="none"
            color="primary"
            loading={read.isPending}
            onClick={() => read.mutate()}
          >
            {t('interaction.markRead')}
          </Button>
        ) : null
      }
    >
      {list.isPending ? (
        <DotLoading color="primary" />
      ) : list.isError ? (
        <PageState kind="error" onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="interaction-empty">{t('interaction.noNotifications')}</p>
      ) : (
        <ul className="notification-list" data-testid="notifications">
          {list.data.data.map((n) => (
            <li key={n.id} className={`notification${n.read ? '' : ' is-unread'}`}>
              <button type="button" onClick={() => navigate('/myCreatePost')}>
                <span className={`notification__icon notification__icon--${n.kind}`} aria-hidden>
                  {n.kind === 'like' ? <HeartIcon filled /> : <CommentIcon />}
                </span>
                <span className="notification__body">
                  <span className="notification__line">
                    <strong>{n.actor}</strong> {t(`interaction.kind.${n.kind}`)}
                  </span>
                  {n.comment_excerpt ? (
                    <span className="notification__comment">{n.comment_excerpt}</span>
                  ) : null}
                  <span className="notification__post">{n.post_excerpt}</span>
                  <time className="notification__time">{formatTime(n.created_at)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function HotPosts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hot = useHotPostsQuery();
  return (
    <Section
      title={t('interaction.hot')}
      extra={
        <button type="button" className="link-button" onClick={() => navigate('/community?tab=hot')}>
          {t('interaction.viewAll')} <ChevronRightIcon />
        </button>
      }
    >
      {hot.isPending ? (
        <DotLoading color="primary" />
      ) : hot.isError ? (
        <PageState kind="error" onRetry={() => void hot.refetch()} />
      ) : hot.data.length === 0 ? (
        <p className="interaction-empty">{t('interaction.noHot')}</p>
      ) : (
        <ol className="hot-list">
          {hot.data.map((p, i) => (
            <li key={p.id}>
              <button type="button" onClick={() => navigate('/community?tab=hot')}>
                <span className={`hot-list__rank hot-list__rank--${i + 1}`}>{i + 1}</span>
                <span className="hot-list__text">{p.content}</span>
                {p.images[0] ? <HotThumb src={p.images[0]} /> : null}
                <span className="hot-list__likes">
                  <HeartIcon filled /> {p.like_count}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** A hot post's first picture, loaded with the session (the server shows it only to signed-in players). */
function HotThumb({ src }: { src: string }) {
  const [shown] = useProtectedImages([src]);
  return shown ? (
    <img className="hot-list__thumb" src={shown} alt="" />
  ) : (
    <span className="hot-list__thumb" />
  );
}
