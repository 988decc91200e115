import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageState } from '../../../components/PageState';
import { Tabs } from '../../../components/Tabs';
import { useIsSignedIn } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { useFeedQuery, type FeedTab } from '../api/feed';
import { PenIcon } from '../components/icons';
import { PostList } from '../components/PostList';
import '../community.css';

const TABS: FeedTab[] = ['new', 'hot'];

/** community (spec §2, decision 28): the feed of approved posts, newest or hot, and the way to write one. */
export default function CommunityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const [params, setParams] = useSearchParams();
  const tab: FeedTab = params.get('tab') === 'hot' ? 'hot' : 'new';
  const feed = useFeedQuery(tab);

  if (!signedIn) return <SignInFirst text={t('community.signIn')} />;
  return (
    <div className="community-page">
      <div className="community-bar">
        <Tabs
          className="community-tabs"
          tabs={TABS.map((key) => ({ key, label: t(`community.tabs.${key}`) }))}
          value={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
        />
        <button type="button" className="link-button" onClick={() => navigate('/myCreatePost')}>
          {t('community.myPosts')}
        </button>
      </div>
      <PostList
        query={feed}
        empty={
          <PageState
            kind="empty"
            text={t('community.empty')}
            actionText={t('community.write')}
            onRetry={() => navigate('/CreatePost')}
          />
        }
      />
      <button
        type="button"
        className="community-fab"
        aria-label={t('community.write')}
        onClick={() => navigate('/CreatePost')}
        data-testid="write-post"
      >
        <PenIcon />
      </button>
    </div>
  );
}
