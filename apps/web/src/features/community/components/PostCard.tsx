import { useState } from 'react';
import { Dialog, ImageViewer, TextArea } from 'antd-mobile';
import { REPORT_REASON_MAX_CHARS, type CommunityPost } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { useProtectedImages } from '../../../lib/useProtectedImages';
import { showToast } from '../../../lib/toast';
import { reportPost } from '../api/comments';
import { useLikeMutation } from '../api/like';
import { Comments } from './Comments';
import { CommentIcon, FlagIcon, HeartIcon } from './icons';

/** The initial a post's avatar shows: 官 for the operator, else the name's first character. */
function Avatar({ post }: { post: CommunityPost }) {
  const { t } = useTranslation();
  const letter = post.author.official
    ? t('community.official').slice(0, 1)
    : ([...post.author.name][0] ?? '?');
  return (
    <span className={`post__avatar${post.author.official ? ' is-official' : ''}`} aria-hidden>
      {letter.toUpperCase()}
    </span>
  );
}

/** A post's pictures: one wide, or a grid of two or three; a tap opens them full screen. */
function PostImages({ images }: { images: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const shown = useProtectedImages(images);
  if (images.length === 0) return null;
  return (
    <>
      <div className={`post__images post__images--${images.length}`}>
        {images.map((src, i) => (
          <button key={src} type="button" className="post__image" onClick={() => setOpen(i)}>
            {shown[i] ? (
              <img src={shown[i]} alt={t('community.imageAlt', { n: i + 1 })} decoding="async" />
            ) : null}
          </button>
        ))}
      </div>
      <ImageViewer.Multi
        images={shown.filter((src): src is string => src !== undefined)}
        visible={open !== null}
        defaultIndex={open ?? 0}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

/**
 * One post: who and when, the text (always as text: React escapes it, and white-space keeps its lines), the
 * pictures, and likes, comments and reporting for posts others can see. The author sees the review state.
 */
export function PostCard({ post, showStatus }: { post: CommunityPost; showStatus?: boolean }) {
  const { t } = useTranslation();
  const like = useLikeMutation();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const approved = post.status === 'approved';

  const report = () => {
    let reason = '';
    void Dialog.confirm({
      title: t('community.reportTitle'),
      content: (
        <TextArea
          placeholder={t('community.reportHint', { max: REPORT_REASON_MAX_CHARS })}
          maxLength={REPORT_REASON_MAX_CHARS}
          rows={3}
          onChange={(v) => (reason = v)}
        />
      ),
      confirmText: t('community.submit'),
      cancelText: t('community.cancel'),
      onConfirm: async () => {
        await reportPost(post.id, reason);
        showToast(t('community.reported'));
      },
    });
  };

  return (
    <article className="post" data-testid="post" data-post-id={post.id}>
      <header className="post__head">
        <Avatar post={post} />
        <div className="post__who">
          <span className="post__name">
            {post.author.official ? t('app.name') : post.author.name}
            {post.author.official ? <em className="post__badge">{t('community.official')}</em> : null}
          </span>
          <time className="post__time" dateTime={post.created_at}>
            {formatTime(post.created_at)}
          </time>
        </div>
        {showStatus ? (
          <span className={`post__status post__status--${post.status}`} data-testid="post-status">
            {t(`community.status.${post.status}`)}
          </span>
        ) : null}
      </header>
      <p className="post__text">{post.content}</p>
      <PostImages images={post.images} />
      {showStatus && post.reason ? (
        <p className="post__reason">{t('community.reason', { reason: post.reason })}</p>
      ) : null}
      {showStatus && post.status === 'pending' ? (
        <p className="post__note">{t('community.pendingNote')}</p>
      ) : null}
      {approved ? (
        <footer className="post__actions">
          <button
            type="button"
            className={`post__action${post.liked ? ' is-liked' : ''}`}
            aria-pressed={post.liked}
            aria-label={post.liked ? t('community.unlike') : t('community.like')}
            disabled={like.isPending}
            onClick={() => like.mutate({ postId: post.id, liked: !post.liked })}
            data-testid="like"
          >
            <HeartIcon filled={post.liked} />
            <span>{post.like_count}</span>
          </button>
          <button
            type="button"
            className="post__action"
            aria-expanded={commentsOpen}
            aria-label={t('community.comments')}
            onClick={() => setCommentsOpen((v) => !v)}
          >
            <CommentIcon />
            <span>{post.comment_count}</span>
          </button>
          {!post.mine && !post.author.official ? (
            <button type="button" className="post__action post__action--end" onClick={report}>
              <FlagIcon />
              <span>{t('community.report')}</span>
            </button>
          ) : null}
        </footer>
      ) : null}
      {approved && commentsOpen ? <Comments postId={post.id} /> : null}
    </article>
  );
}
