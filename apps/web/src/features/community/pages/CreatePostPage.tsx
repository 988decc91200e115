import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { POST_IMAGE_MAX_BYTES, POST_MAX_CHARS, POST_MAX_IMAGES } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { Tabs } from '../../../components/Tabs';
import { showToast } from '../../../lib/toast';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { useCreatePostMutation } from '../api/createPost';
import { useCommunityMeQuery } from '../api/me';
import { useMyPostsQuery } from '../api/myPosts';
import { CloseIcon, ImagePlusIcon } from '../components/icons';
import { PostList } from '../components/PostList';
import '../community.css';

type Mode = 'write' | 'mine';
const MB = POST_IMAGE_MAX_BYTES / 1024 / 1024;

/**
 * CreatePost and myCreatePost (spec §2: one shared screen): write a post with up to three pictures, previewed
 * before sending, and my posts with their review state. The address says which half is open.
 */
export default function CreatePostPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedIn = useIsSignedIn();
  const mode: Mode = pathname.toLowerCase().includes('mycreatepost') ? 'mine' : 'write';

  if (!signedIn) return <SignInFirst text={t('community.signIn')} />;
  return (
    <div className="community-page community-page--compose">
      <Tabs
        className="community-tabs"
        tabs={[
          { key: 'write', label: t('community.write') },
          { key: 'mine', label: t('community.myPosts') },
        ]}
        value={mode}
        onChange={(key) => navigate(key === 'mine' ? '/myCreatePost' : '/CreatePost', { replace: true })}
      />
      {mode === 'write' ? (
        <Compose onDone={() => navigate('/myCreatePost', { replace: true })} />
      ) : (
        <MyPosts />
      )}
    </div>
  );
}

function Compose({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const me = useCommunityMeQuery();
  const create = useCreatePostMutation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const length = [...text.trim()].length;
  const tooLong = length > POST_MAX_CHARS;

  // The server judges every file by its content; these checks only spare the player a refused upload.
  const pick = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (chosen.some((f) => !f.type.startsWith('image/'))) return showToast(t('community.compose.notImage'));
    if (chosen.some((f) => f.size > POST_IMAGE_MAX_BYTES))
      return showToast(t('community.compose.tooBig', { mb: MB }));
    const next = [...files, ...chosen];
    if (next.length > POST_MAX_IMAGES) showToast(t('community.compose.tooMany', { max: POST_MAX_IMAGES }));
    setFiles(next.slice(0, POST_MAX_IMAGES));
  };

  const publish = () => {
    if (length === 0) return showToast(t('community.compose.empty'));
    if (tooLong) return showToast(t('community.compose.tooLong', { max: POST_MAX_CHARS }));
    create.mutate(
      { content: text, images: files },
      {
        onSuccess: (post) => {
          showToast(
            post.status === 'approved'
              ? t('community.compose.publishedNow')
              : t('community.compose.published'),
          );
          setText('');
          setFiles([]);
          onDone();
        },
      },
    );
  };

  if (me.isPending) return <PageLoading />;
  if (me.isError) return <PageState kind="error" onRetry={() => void me.refetch()} />;
  if (me.data.banned) return <PageState kind="empty" text={t('community.compose.banned')} />;
  return (
    <div className="compose">
      {me.data.review_required ? <p className="compose__note">{t('community.compose.review')}</p> : null}
      <div className="compose__box">
        <TextArea
          value={text}
          onChange={setText}
          placeholder={t('community.compose.placeholder')}
          autoSize={{ minRows: 5, maxRows: 12 }}
          aria-label={t('community.compose.placeholder')}
          data-testid="compose-text"
        />
        <span className={`compose__count${tooLong ? ' is-over' : ''}`}>
          {t('community.compose.count', { n: length, max: POST_MAX_CHARS })}
        </span>
      </div>
      <div className="compose__images">
        {previews.map((src, i) => (
          <div key={src} className="compose__thumb">
            <img src={src} alt={t('community.imageAlt', { n: i + 1 })} />
            <button
              type="button"
              className="compose__remove"
              aria-label={t('community.compose.removeImage', { n: i + 1 })}
              onClick={() => setFiles(files.filter((_, j) => j !== i))}
            >
              <CloseIcon />
            </button>
          </div>
        ))}
        {files.length < POST_MAX_IMAGES ? (
          <label className="compose__add">
            <ImagePlusIcon />
            <span>{t('community.compose.addImage')}</span>
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              onChange={(e) => pick(e.target.files)}
              data-testid="compose-file"
            />
          </label>
        ) : null}
      </div>
      <p className="compose__hint">{t('community.compose.imagesNote', { max: POST_MAX_IMAGES, mb: MB })}</p>
      <Button
        block
        color="primary"
        shape="rounded"
        loading={create.isPending}
        disabled={length === 0 || tooLong}
        onClick={publish}
        data-testid="publish"
      >
        {t('community.compose.publish')}
      </Button>
    </div>
  );
}

function MyPosts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = useMyPostsQuery();
  return (
    <PostList
      query={mine}
      showStatus
      empty={
        <PageState
          kind="empty"
          text={t('community.mine.empty')}
          actionText={t('community.mine.write')}
          onRetry={() => navigate('/CreatePost', { replace: true })}
        />
      }
    />
  );
}
