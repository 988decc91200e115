import { screen, waitFor, within } from '@testing-library/react';
import type { AdminCommunityComment, AdminCommunityPost, OperatorRole } from '@koi/contract';
import { describe, expect, it, vi } from 'vitest';
import { ok, rowWith, SCREEN_TEST_MS, serveConsole, showScreen } from '../../test/console';
import { CommunityPage } from './CommunityPage';

const IMAGE = `/api/admin/community/images/${'b'.repeat(64)}.webp`;

const post = (over: Partial<AdminCommunityPost>): AdminCommunityPost => ({
  id: 5,
  player_id: 9,
  username: 'alice',
  content: '等待审核的动态',
  images: [IMAGE],
  status: 'pending',
  reason: '',
  like_count: 0,
  comment_count: 2,
  open_reports: 0,
  author_banned: false,
  reviewed_by: null,
  reviewed_at: null,
  created_at: '2026-11-27T08:00:00.000Z',
  ...over,
});

const comment = (over: Partial<AdminCommunityComment>): AdminCommunityComment => ({
  id: 31,
  post_id: 5,
  player_id: 10,
  username: 'bob',
  parent_id: null,
  reply_to: null,
  content: '粗鲁的话',
  hidden: false,
  hidden_reason: '',
  hidden_by: null,
  hidden_at: null,
  created_at: '2026-11-27T08:05:00.000Z',
  ...over,
});

/** The console's server as this screen uses it, recording every call. */
function serve(role: OperatorRole, posts: AdminCommunityPost[]) {
  return serveConsole(({ path }) => {
    if (path === '/api/admin/community/settings') return ok({ review_required: true, updated_at: null });
    if (path === '/api/admin/community/posts') return ok({ data: posts, total: posts.length });
    if (path === IMAGE) return new Response('webp', { headers: { 'content-type': 'image/webp' } });
    if (path === '/api/admin/community/posts/5/comments')
      return ok({
        data: [
          comment({}),
          comment({ id: 32, content: '已隐藏的话', hidden: true, hidden_reason: '广告', hidden_by: 1 }),
        ],
        total: 2,
      });
    if (path === '/api/admin/community/posts/5/approve') return ok(post({ status: 'approved' }));
    if (path === '/api/admin/community/comments/31/hide')
      return ok(comment({ hidden: true, hidden_reason: '人身攻击' }));
    return undefined;
  }, role);
}

const show = () => showScreen(<CommunityPage />);

describe('community review in the console', () => {
  it(
    'offers the decisions a pending post allows, approves it, and loads its picture with the session',
    async () => {
      URL.createObjectURL = vi.fn(() => 'blob:console/1');
      const calls = serve('support', [post({})]);
      const user = show();
      const pending = await rowWith('等待审核的动态');
      const buttons = within(pending);
      await waitFor(() => expect(buttons.getByRole('button', { name: '通过' })).toBeEnabled());
      expect(buttons.getByRole('button', { name: /驳\s*回/ })).toBeEnabled();
      expect(buttons.getByRole('button', { name: /下\s*架/ })).toBeEnabled();
      expect(buttons.queryByRole('button', { name: /恢\s*复/ })).toBeNull();
      await waitFor(() => expect(pending.querySelector('img')).toHaveAttribute('src', 'blob:console/1'));
      const image = calls.find((c) => c.path === IMAGE)!;
      expect(image.headers.Authorization).toBe('Bearer op-token');

      await user.click(buttons.getByRole('button', { name: '通过' }));
      await waitFor(() =>
        expect(calls.find((c) => c.path === '/api/admin/community/posts/5/approve')).toMatchObject({
          method: 'POST',
          body: {},
        }),
      );
    },
    SCREEN_TEST_MS,
  );

  it(
    'lists a post’s comments, hidden ones marked with the reason, and hides one with a reason',
    async () => {
      const calls = serve('support', [post({ status: 'approved' })]);
      const user = show();
      const approved = await rowWith('等待审核的动态');
      expect(within(approved).getByRole('button', { name: /下\s*架/ })).toBeInTheDocument();
      expect(within(approved).queryByRole('button', { name: '通过' })).toBeNull();
      await user.click(within(approved).getByRole('button', { name: '查看评论' }));
      const dialog = await screen.findByRole('dialog', { name: '动态 #5 的评论' });
      const hidden = (await within(dialog).findByText('已隐藏的话')).closest('tr')!;
      expect(hidden).toHaveTextContent('原因：广告');
      expect(within(hidden).getByRole('button', { name: /恢\s*复/ })).toBeInTheDocument();
      const shown = within(dialog).getByText('粗鲁的话').closest('tr')!;
      await user.click(within(shown).getByRole('button', { name: /隐\s*藏/ }));
      await user.type(await screen.findByLabelText('原因'), '  人身攻击 ');
      await user.click(screen.getByRole('button', { name: '确定' }));
      await waitFor(() =>
        expect(calls.find((c) => c.path === '/api/admin/community/comments/31/hide')).toMatchObject({
          method: 'POST',
          body: { reason: '人身攻击' },
        }),
      );
    },
    SCREEN_TEST_MS,
  );

  it(
    'shows a viewer the queue and the comments but lets them decide nothing',
    async () => {
      serve('viewer', [post({})]);
      const user = show();
      const pending = await rowWith('等待审核的动态');
      await waitFor(() => expect(within(pending).getByRole('button', { name: '通过' })).toBeDisabled());
      expect(within(pending).getByRole('button', { name: /驳\s*回/ })).toBeDisabled();
      await user.click(within(pending).getByRole('button', { name: '查看评论' }));
      const dialog = await screen.findByRole('dialog', { name: '动态 #5 的评论' });
      const shown = (await within(dialog).findByText('粗鲁的话')).closest('tr')!;
      expect(within(shown).getByRole('button', { name: /隐\s*藏/ })).toBeDisabled();
    },
    SCREEN_TEST_MS,
  );
});
