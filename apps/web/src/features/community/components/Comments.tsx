import { useState } from 'react';
import { Button, DotLoading, Input } from 'antd-mobile';
import { COMMENT_MAX_CHARS, type CommunityComment } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { useCommentMutation, useCommentsQuery } from '../api/comments';

/**
 * A post's comments and replies (oldest first) and the line to write one; a tap on 回复 answers a comment. The
 * server leaves out comments an operator hid, except the reader's own, which show marked with the reason.
 */
export function Comments({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const comments = useCommentsQuery(postId);
  const send = useCommentMutation(postId);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CommunityComment | null>(null);

  const submit = () => {
    const content = text.trim();
    if (!content) return;
    send.mutate(
      { content, parentId: replyTo?.id },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
        },
      },
    );
  };

  return (
    <section className="comments" aria-label={t('community.comments')}>
      {comments.isPending ? (
        <DotLoading color="primary" />
      ) : comments.isError ? null : comments.data.data.length === 0 ? (
        <p className="comments__empty">{t('community.noComments')}</p>
      ) : (
        <ul className="stack-list comments__list">
          {comments.data.data.map((c) => (
            <li
              key={c.id}
              className={`comment${c.parent_id ? ' is-reply' : ''}${c.hidden ? ' is-hidden' : ''}`}
            >
              <span className="comment__who">
                {c.author.name}
                {c.reply_to ? <span className="comment__to"> ▸ {c.reply_to}</span> : null}
              </span>
              <span className="comment__text">{c.content}</span>
              {/* Only its author still gets a hidden comment; they are told why the others no longer see it. */}
              {c.hidden ? (
                <span className="comment__hidden">
                  {c.hidden_reason
                    ? t('community.commentHiddenReason', { reason: c.hidden_reason })
                    : t('community.commentHidden')}
                </span>
              ) : null}
              <span className="comment__meta">
                {formatTime(c.created_at)}
                {!c.mine && !c.hidden ? (
                  <button type="button" className="link-button" onClick={() => setReplyTo(c)}>
                    {t('community.reply')}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="comments__compose">
        <Input
          value={text}
          onChange={setText}
          maxLength={COMMENT_MAX_CHARS}
          placeholder={
            replyTo
              ? t('community.replyHint', { name: replyTo.author.name })
              : t('community.commentHint', { max: COMMENT_MAX_CHARS })
          }
          onEnterPress={submit}
          aria-label={t('community.comments')}
        />
        <Button
          size="small"
          color="primary"
          loading={send.isPending}
          disabled={!text.trim()}
          onClick={submit}
        >
          {t('community.send')}
        </Button>
      </div>
    </section>
  );
}
