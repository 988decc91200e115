import type { BuyLink, CommunityPost } from '@koi/contract';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '../../test/render';
import { ok, renderRoutes, setUpScreenTests, stubFetch } from '../../test/utils';
import BuyPage from './pages/BuyPage';
import CommunityPage from './pages/CommunityPage';
import CreatePostPage from './pages/CreatePostPage';
import InteractionPage from './pages/InteractionPage';

const WAIT = { timeout: 5000 };
const ui = setUpScreenTests();

const post = (over: Partial<CommunityPost>): CommunityPost => ({
  id: 1,
  author: { name: 'ab***yz', official: false },
  content: 'hello',
  images: [],
  like_count: 0,
  comment_count: 0,
  liked: false,
  mine: false,
  status: 'approved',
  reason: '',
  created_at: '2026-11-27T08:00:00.000Z',
  ...over,
});

describe('community feed', () => {
  it('shows a post with a script tag as text and likes it with the state wanted', async () => {
    let liked = false;
    const { calls } = stubFetch((url, init) => {
      if (url.pathname === '/api/community/posts')
        return ok({
          data: [post({ content: '<script>alert(1)</script>', liked, like_count: liked ? 1 : 0 })],
          total: 1,
        });
      if (url.pathname === '/api/community/posts/1/like') {
        liked = new URLSearchParams(String(init.body)).get('liked') === '1';
        return ok({ liked, like_count: liked ? 1 : 0 });
      }
      return undefined;
    });
    const { container } = renderRoutes([{ path: '/community', element: <CommunityPage /> }], ['/community']);
    await waitFor(() => expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument(), WAIT);
    expect(container.querySelector('.post__text script')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '点赞' }));
    await waitFor(
      () => expect(screen.getByRole('button', { name: '取消点赞' })).toHaveTextContent('1'),
      WAIT,
    );
    const likeCall = calls.find((c) => c.url.pathname === '/api/community/posts/1/like')!;
    expect(new URLSearchParams(String(likeCall.init.body)).get('liked')).toBe('1');
  }, 15_000);

  it('says so when there are no posts and offers to write one', async () => {
    stubFetch((url) => (url.pathname === '/api/community/posts' ? ok({ data: [], total: 0 }) : undefined));
    renderRoutes([{ path: '/community', element: <CommunityPage /> }], ['/community']);
    await waitFor(() => expect(screen.getByText('还没有动态，来发布第一条吧')).toBeInTheDocument(), WAIT);
  });
});

describe('moderated content', () => {
  it('loads post images with the session, never straight from an <img> address', async () => {
    const name = `${'a'.repeat(64)}.webp`;
    // jsdom has no object URLs; the app's one call of it answers a fixed address here.
    URL.createObjectURL = vi.fn(() => 'blob:koi/1');
    const { to } = stubFetch((url) =>
      url.pathname === '/api/community/posts'
        ? ok({ data: [post({ images: [`/api/community/images/${name}`] })], total: 1 })
        : url.pathname === `/api/community/images/${name}`
          ? ok('picture')
          : undefined,
    );
    renderRoutes([{ path: '/community', element: <CommunityPage /> }], ['/community']);
    const img = await waitFor(() => screen.getByRole('img', { name: '动态图片 1' }), WAIT);
    expect(img).toHaveAttribute('src', 'blob:koi/1');
    const call = to(`/api/community/images/${name}`)[0]!;
    expect((call.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('shows the author their own hidden comment, marked with the reason and without a reply button', async () => {
    stubFetch((url) =>
      url.pathname === '/api/community/posts'
        ? ok({ data: [post({ comment_count: 1 })], total: 1 })
        : url.pathname === '/api/community/posts/1/comments'
          ? ok({
              data: [
                {
                  id: 7,
                  post_id: 1,
                  author: { name: 'me', official: false },
                  parent_id: null,
                  reply_to: null,
                  content: '被隐藏的话',
                  mine: true,
                  hidden: true,
                  hidden_reason: '人身攻击',
                  created_at: '2026-11-27T08:00:00.000Z',
                },
                {
                  id: 8,
                  post_id: 1,
                  author: { name: 'ot***er', official: false },
                  parent_id: null,
                  reply_to: null,
                  content: '别人的话',
                  mine: false,
                  hidden: false,
                  hidden_reason: '',
                  created_at: '2026-11-27T08:01:00.000Z',
                },
              ],
              total: 2,
            })
          : undefined,
    );
    renderRoutes([{ path: '/community', element: <CommunityPage /> }], ['/community']);
    fireEvent.click(await waitFor(() => screen.getByRole('button', { name: '评论' }), WAIT));
    const hidden = await waitFor(() => screen.getByText('被隐藏的话').closest('li')!, WAIT);
    expect(hidden).toHaveClass('is-hidden');
    expect(hidden).toHaveTextContent('仅你可见：已被管理员隐藏（人身攻击）');
    expect(hidden.querySelector('button')).toBeNull();
    const other = screen.getByText('别人的话').closest('li')!;
    expect(other).not.toHaveClass('is-hidden');
    expect(other.querySelector('button')).toHaveTextContent('回复');
  });
});

describe('writing and my posts', () => {
  it('shows my posts with their review state and an operator’s reason', async () => {
    stubFetch((url) =>
      url.pathname === '/api/community/my-posts'
        ? ok({
            data: [
              post({ id: 2, mine: true, status: 'pending', content: '等审核' }),
              post({ id: 3, mine: true, status: 'rejected', reason: '含有广告', content: '被驳回' }),
            ],
            total: 2,
          })
        : undefined,
    );
    renderRoutes([{ path: '/myCreatePost', element: <CreatePostPage /> }], ['/myCreatePost']);
    await waitFor(() => expect(screen.getAllByTestId('post-status')).toHaveLength(2), WAIT);
    expect(screen.getByText('审核中')).toBeInTheDocument();
    expect(screen.getByText('未通过')).toBeInTheDocument();
    expect(screen.getByText('原因：含有广告')).toBeInTheDocument();
  });

  it('refuses a fourth image and text over 500 characters before sending', async () => {
    const { calls } = stubFetch((url) =>
      url.pathname === '/api/community/me'
        ? ok({
            banned: false,
            review_required: true,
            max_chars: 500,
            max_images: 3,
            image_max_bytes: 8388608,
          })
        : undefined,
    );
    renderRoutes([{ path: '/CreatePost', element: <CreatePostPage /> }], ['/CreatePost']);
    const file = await waitFor(() => screen.getByTestId('compose-file') as HTMLInputElement, WAIT);
    const image = (n: number) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff, n])], `${n}.jpg`, { type: 'image/jpeg' });
    fireEvent.change(file, { target: { files: [image(1), image(2), image(3), image(4)] } });
    ui.toasted('最多3张图片');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /移除图片/ })).toHaveLength(3));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '鲤'.repeat(501) } });
    expect(screen.getByText('501/500')).toBeInTheDocument();
    expect(screen.getByTestId('publish')).toBeDisabled();
    expect(calls.some((c) => c.url.pathname === '/api/community/posts')).toBe(false);
  });

  it('tells a banned player instead of showing the form', async () => {
    stubFetch((url) =>
      url.pathname === '/api/community/me'
        ? ok({ banned: true, review_required: true, max_chars: 500, max_images: 3, image_max_bytes: 8388608 })
        : undefined,
    );
    renderRoutes([{ path: '/CreatePost', element: <CreatePostPage /> }], ['/CreatePost']);
    await waitFor(
      () => expect(screen.getByText('您已被禁止在社区发言，如有疑问请联系客服')).toBeInTheDocument(),
      WAIT,
    );
  });
});

describe('interaction tab and buy', () => {
  it('lists notifications and hot posts beside the ways in', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/community/notifications')
        return ok({
          data: [
            {
              id: 9,
              kind: 'like',
              actor: 'pl***01',
              post_id: 1,
              post_excerpt: 'hello',
              comment_excerpt: '',
              read: false,
              created_at: '2026-11-27T08:00:00.000Z',
            },
          ],
          total: 1,
          unread: 1,
        });
      if (url.pathname === '/api/community/posts')
        return ok({ data: [post({ content: '最热的一条' })], total: 1 });
      return undefined;
    });
    renderRoutes([{ path: '/interaction', element: <InteractionPage /> }], ['/interaction']);
    expect(screen.getByRole('button', { name: /红包游戏/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('赞了你的动态')).toBeInTheDocument(), WAIT);
    await waitFor(() => expect(screen.getByText('最热的一条')).toBeInTheDocument(), WAIT);
  });

  it('says Koi sells nothing and opens each place in a new window without access to the app', async () => {
    const links: BuyLink[] = [
      { id: 1, name: '示例交易所', logo: '', link: 'https://example.com/buy', note: '示例', sort: 1 },
    ];
    stubFetch((url) => (url.pathname === '/api/buy/links' ? ok(links) : undefined));
    renderRoutes([{ path: '/buy', element: <BuyPage /> }], ['/buy']);
    expect(screen.getByText(/Koi 不出售任何数字货币/)).toBeInTheDocument();
    const a = await waitFor(() => screen.getByRole('link', { name: /示例交易所/ }), WAIT);
    expect(a).toHaveAttribute('href', 'https://example.com/buy');
    expect(a).toHaveAttribute('target', '_blank');
    expect(a.getAttribute('rel')).toContain('noopener');
  });
});
