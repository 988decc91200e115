import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  isHttpsLink,
  POST_STATUSES,
  type AdminBuyLink,
  type AdminCommunityBan,
  type AdminCommunityComment,
  type AdminCommunityPost,
  type AdminCommunityReport,
  type PostStatusName,
} from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { tabbedPage } from '../../components/Page';
import { QueryTable, useSearchList } from '../../components/QueryTable';
import { ReasonField, useReasonPrompt } from '../../components/ReasonPrompt';
import { IMAGE_FALLBACK, QueryError, fmtTime, labelledChoices } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { useProtectedImages } from '../../lib/useProtectedImages';
import { communityApi, type PostVerb } from './api';
import { useRefreshingWrite } from '../../components/QuickSave';
import { NumberField, SwitchField, TextField } from '../../components/FormFields';

/**
 * The review decisions the console offers on a post, from which states (as the server allows them), and
 * whether the author reads the reason.
 */
const POST_ACTIONS: { verb: PostVerb; from: PostStatusName[]; toldAuthor: boolean }[] = [
  { verb: 'approve', from: ['pending'], toldAuthor: false },
  { verb: 'reject', from: ['pending'], toldAuthor: true },
  { verb: 'hide', from: ['pending', 'approved'], toldAuthor: true },
  { verb: 'restore', from: ['hidden'], toldAuthor: false },
];

const STATUS_COLORS: Record<PostStatusName, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  hidden: 'default',
};

/**
 * The community in the console (decision 28): the review queue and every post (approve, reject with a reason
 * the author sees, hide, restore, ban the author, hide and restore its comments), reports, bans, whether posts wait for review, and the
 * places to buy USDT listed on /buy. Every write asks for what the audit log keeps and is audited by the server.
 */
export const CommunityPage = tabbedPage({ title: 'community.menu', extra: <ReviewSwitch /> }, [
  ['queue', 'community.queue', <Posts fixed="pending" />],
  ['posts', 'community.posts', <Posts />],
  ['reports', 'community.reports', <Reports />],
  ['bans', 'community.bans', <Bans />],
  ['buy', 'community.buyLinks', <BuyLinks />],
]);

function ReviewSwitch() {
  const { t } = useTranslation();
  const can = useCan();
  const settings = useQuery({ queryKey: ['admin', 'community-settings'], queryFn: communityApi.settings });
  const save = useRefreshingWrite(communityApi.setReview);
  return (
    <Space title={t('community.reviewHint')}>
      <Typography.Text>{t('community.review')}</Typography.Text>
      <Switch
        aria-label={t('community.review')}
        checked={settings.data?.review_required ?? true}
        loading={settings.isPending || save.isPending}
        disabled={!can('POST /api/admin/community/settings')}
        onChange={(v) => save.mutate(v)}
      />
    </Space>
  );
}

function Posts({ fixed }: { fixed?: PostStatusName }) {
  const { t } = useTranslation();
  const can = useCan();
  const [ask, prompt] = useReasonPrompt();
  const list = useSearchList<{ status?: PostStatusName }, AdminCommunityPost>(
    fixed ? 'community-queue' : 'community-posts',
    { status: fixed },
    communityApi.posts,
    fixed ? { refetchInterval: 15_000 } : {},
  );
  const approve = useRefreshingWrite((id: number) => communityApi.decide('approve', id));
  const [commentsOf, setCommentsOf] = useState<AdminCommunityPost | null>(null);
  const mayWrite = can('POST /api/admin/community/posts/:id/approve');
  const mayBan = can('POST /api/admin/community/bans');

  return (
    <>
      {prompt}
      {commentsOf ? <PostComments post={commentsOf} onClose={() => setCommentsOf(null)} /> : null}
      <QueryError error={approve.error} />
      {!fixed ? (
        <Segmented
          style={{ marginBottom: 12 }}
          value={list.filters.status ?? ''}
          options={[
            { value: '', label: t('common.all') },
            ...labelledChoices(t, 'community.statuses', POST_STATUSES),
          ]}
          onChange={(v) => list.search({ status: (v || undefined) as PostStatusName | undefined })}
        />
      ) : null}
      <QueryTable<AdminCommunityPost>
        list={list}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('community.author'),
            width: 150,
            render: (_, p) =>
              p.player_id === null ? (
                <Tag color="purple">{t('community.official')}</Tag>
              ) : (
                <Space direction="vertical" size={0}>
                  <span>{p.username}</span>
                  {p.author_banned ? <Tag color="red">{t('community.banned')}</Tag> : null}
                </Space>
              ),
          },
          {
            title: t('community.content'),
            render: (_, p) => (
              <Space direction="vertical" size={4} style={{ maxWidth: 460 }}>
                {/* Player text as text: React escapes it, pre-wrap keeps its lines. */}
                <Typography.Paragraph
                  style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                  ellipsis={{ rows: 4, expandable: true }}
                >
                  {p.content}
                </Typography.Paragraph>
                <PostImages images={p.images} />
                {p.reason ? (
                  <Typography.Text type="secondary">{`${t('common.reason')}：${p.reason}`}</Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('community.status'),
            dataIndex: 'status',
            width: 90,
            render: (s: PostStatusName) => <Tag color={STATUS_COLORS[s]}>{t(`community.statuses.${s}`)}</Tag>,
          },
          { title: t('community.likes'), dataIndex: 'like_count', width: 60 },
          { title: t('community.comments'), dataIndex: 'comment_count', width: 60 },
          {
            title: t('community.openReports'),
            dataIndex: 'open_reports',
            width: 90,
            render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
          },
          { title: t('community.createdAt'), dataIndex: 'created_at', width: 160, render: fmtTime },
          {
            title: t('common.actions'),
            width: 230,
            render: (_, p) => (
              <Space wrap size={4}>
                {POST_ACTIONS.filter((a) => a.from.includes(p.status)).map((a) => (
                  <Button
                    key={a.verb}
                    size="small"
                    type={a.verb === 'approve' ? 'primary' : 'default'}
                    danger={a.verb === 'reject'}
                    disabled={!mayWrite}
                    loading={approve.isPending && a.verb === 'approve' && approve.variables === p.id}
                    onClick={() =>
                      a.verb === 'approve'
                        ? approve.mutate(p.id)
                        : ask({
                            title: t(`community.${a.verb}Title`, { id: p.id }),
                            description: a.toldAuthor ? t('community.rejectHint') : undefined,
                            danger: a.verb !== 'restore',
                            run: (reason) => communityApi.decide(a.verb, p.id, reason),
                          })
                    }
                  >
                    {t(`community.${a.verb}`)}
                  </Button>
                ))}
                <Button size="small" type="link" onClick={() => setCommentsOf(p)}>
                  {t('community.viewComments')}
                </Button>
                {p.player_id !== null && !p.author_banned ? (
                  <Button
                    size="small"
                    danger
                    type="text"
                    disabled={!mayBan}
                    onClick={() =>
                      ask({
                        title: t('community.banTitle', { name: p.username }),
                        danger: true,
                        run: (reason) => communityApi.banPlayer(p.player_id!, reason),
                      })
                    }
                  >
                    {t('community.banAuthor')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** A post's pictures, loaded with the operator's session (the server shows them to the community permission). */
function PostImages({ images }: { images: string[] }) {
  const shown = useProtectedImages(images);
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space size={4}>
        {images.map((src, i) => (
          <Image
            key={src}
            src={shown[i] ?? IMAGE_FALLBACK}
            width={72}
            height={72}
            style={{ objectFit: 'cover' }}
            fallback={IMAGE_FALLBACK}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/**
 * A post's comments, hidden ones too: hiding one takes it away from other players (its author still sees it,
 * with the reason), restoring shows it again. Both ask for the reason the audit log keeps.
 */
function PostComments({ post, onClose }: { post: AdminCommunityPost; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [ask, prompt] = useReasonPrompt();
  const list = useSearchList<object, AdminCommunityComment>(`community-comments-${post.id}`, {}, (params) =>
    communityApi.comments(post.id, params),
  );
  const mayWrite = can('POST /api/admin/community/comments/:id/hide');
  return (
    <Modal
      open
      width={860}
      title={t('community.commentsTitle', { id: post.id })}
      footer={null}
      onCancel={onClose}
    >
      {prompt}
      <QueryTable<AdminCommunityComment>
        list={list}
        size="small"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('community.author'),
            width: 150,
            render: (_, c) => (c.reply_to === null ? c.username : `${c.username} ▸ ${c.reply_to}`),
          },
          {
            title: t('community.content'),
            render: (_, c) => (
              <Space direction="vertical" size={0}>
                <Typography.Text delete={c.hidden} style={{ whiteSpace: 'pre-wrap' }}>
                  {c.content}
                </Typography.Text>
                {c.hidden ? (
                  <Typography.Text type="secondary">{`${t('common.reason')}：${c.hidden_reason}`}</Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('community.status'),
            width: 90,
            render: (_, c) =>
              c.hidden ? (
                <Tag>{t('community.commentHidden')}</Tag>
              ) : (
                <Tag color="green">{t('community.commentShown')}</Tag>
              ),
          },
          { title: t('community.createdAt'), dataIndex: 'created_at', width: 160, render: fmtTime },
          {
            title: t('common.actions'),
            width: 90,
            render: (_, c) => {
              const verb = c.hidden ? 'restore' : 'hide';
              return (
                <Button
                  size="small"
                  danger={verb === 'hide'}
                  disabled={!mayWrite}
                  onClick={() =>
                    ask({
                      title: t(`community.comment_${verb}Title`, { id: c.id }),
                      description: verb === 'hide' ? t('community.commentHideHint') : undefined,
                      danger: verb === 'hide',
                      run: (reason) => communityApi.setComment(verb, c.id, reason),
                    })
                  }
                >
                  {t(`community.comment_${verb}`)}
                </Button>
              );
            },
          },
        ]}
      />
    </Modal>
  );
}

function Reports() {
  const { t } = useTranslation();
  const can = useCan();
  const [ask, prompt] = useReasonPrompt();
  const list = useSearchList<{ status: 'open' | 'resolved' }, AdminCommunityReport>(
    'community-reports',
    { status: 'open' },
    communityApi.reports,
  );
  const dismiss = useRefreshingWrite(communityApi.dismiss);
  const mayWrite = can('POST /api/admin/community/reports/:id/dismiss');
  return (
    <>
      {prompt}
      <QueryError error={dismiss.error} />
      <Segmented
        style={{ marginBottom: 12 }}
        value={list.filters.status}
        options={[
          { value: 'open', label: t('community.openOnly') },
          { value: 'resolved', label: t('community.resolved') },
        ]}
        onChange={(v) => list.search({ status: v as 'open' | 'resolved' })}
      />
      <QueryTable<AdminCommunityReport>
        list={list}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('community.post'), render: (_, r) => `#${r.post_id} ${r.post_excerpt}` },
          {
            title: t('community.status'),
            dataIndex: 'post_status',
            width: 90,
            render: (s: PostStatusName) => <Tag color={STATUS_COLORS[s]}>{t(`community.statuses.${s}`)}</Tag>,
          },
          { title: t('community.reporter'), dataIndex: 'reporter', width: 140 },
          { title: t('community.reportReason'), dataIndex: 'reason' },
          { title: t('community.createdAt'), dataIndex: 'created_at', width: 160, render: fmtTime },
          {
            title: t('common.actions'),
            width: 160,
            render: (_, r) =>
              r.status === 'open' ? (
                <Space size={4}>
                  {r.post_status !== 'hidden' ? (
                    <Button
                      size="small"
                      danger
                      disabled={!can('POST /api/admin/community/posts/:id/hide')}
                      onClick={() =>
                        ask({
                          title: t('community.hideTitle', { id: r.post_id }),
                          danger: true,
                          run: (reason) => communityApi.decide('hide', r.post_id, reason),
                        })
                      }
                    >
                      {t('community.hide')}
                    </Button>
                  ) : null}
                  <Button size="small" disabled={!mayWrite} onClick={() => dismiss.mutate(r.id)}>
                    {t('community.dismiss')}
                  </Button>
                </Space>
              ) : (
                fmtTime(r.resolved_at)
              ),
          },
        ]}
      />
    </>
  );
}

function Bans() {
  const { t } = useTranslation();
  const can = useCan();
  const [ask, prompt] = useReasonPrompt();
  const [adding, setAdding] = useState(false);
  const list = useSearchList<object, AdminCommunityBan>('community-bans', {}, communityApi.bans);
  return (
    <>
      {prompt}
      <Button
        icon={<PlusOutlined />}
        style={{ marginBottom: 12 }}
        disabled={!can('POST /api/admin/community/bans')}
        onClick={() => setAdding(true)}
      >
        {t('community.addBan')}
      </Button>
      {adding ? (
        <FormModal<{ username: string; reason: string }>
          name="ban"
          title={t('community.addBan')}
          submit={({ username, reason }) => communityApi.ban(username.trim(), reason.trim())}
          onClose={() => setAdding(false)}
        >
          <TextField
            name="username"
            label={t('community.username')}
            required={t('community.usernameRequired')}
            maxLength={64}
          />
          <ReasonField compact />
        </FormModal>
      ) : null}
      <QueryTable<AdminCommunityBan>
        list={list}
        rowKey="player_id"
        columns={[
          { title: t('community.player'), dataIndex: 'player_id', width: 90 },
          { title: t('community.username'), dataIndex: 'username' },
          { title: t('common.reason'), dataIndex: 'reason' },
          { title: t('community.bannedAt'), dataIndex: 'created_at', width: 160, render: fmtTime },
          {
            title: t('common.actions'),
            width: 100,
            render: (_, b) => (
              <Button
                size="small"
                disabled={!can('POST /api/admin/community/bans/:player_id/lift')}
                onClick={() =>
                  ask({
                    title: t('community.liftTitle', { name: b.username }),
                    run: (reason) => communityApi.lift(b.player_id, reason),
                  })
                }
              >
                {t('community.lift')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

type LinkForm = {
  name: string;
  logo?: string;
  link: string;
  note?: string;
  sort?: number;
  enabled?: boolean;
};

function BuyLinks() {
  const { t } = useTranslation();
  const can = useCan();
  const links = useQuery({ queryKey: ['admin', 'buy-links'], queryFn: communityApi.buyLinks });
  const [editing, setEditing] = useState<AdminBuyLink | 'new' | null>(null);
  const remove = useRefreshingWrite(communityApi.deleteBuyLink);
  const mayWrite = can('POST /api/admin/buy-links');
  const linkRule = {
    validator: (_: unknown, v?: string) =>
      v && isHttpsLink(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('community.linkRule'))),
  };
  return (
    <Card size="small">
      <Alert type="info" showIcon message={t('community.sellsNothing')} style={{ marginBottom: 12 }} />
      <QueryError error={remove.error} />
      <Button
        icon={<PlusOutlined />}
        style={{ marginBottom: 12 }}
        disabled={!mayWrite}
        onClick={() => setEditing('new')}
      >
        {t('community.addLink')}
      </Button>
      {editing ? (
        <FormModal<LinkForm>
          name="buyLink"
          title={editing === 'new' ? t('community.addLink') : t('community.editLink')}
          initialValues={editing === 'new' ? { sort: 0, enabled: true } : editing}
          submit={(v) => {
            const body = {
              name: v.name.trim(),
              logo: (v.logo ?? '').trim(),
              link: v.link.trim(),
              note: (v.note ?? '').trim(),
              sort: v.sort ?? 0,
              enabled: v.enabled ?? true,
            };
            return editing === 'new'
              ? communityApi.createBuyLink(body)
              : communityApi.updateBuyLink(editing.id, body);
          }}
          onClose={() => setEditing(null)}
        >
          <TextField
            name="name"
            label={t('community.name')}
            required={t('community.nameRequired')}
            maxLength={60}
          />
          <TextField
            name="link"
            label={t('community.link')}
            rules={[linkRule]}
            maxLength={512}
            placeholder="https://"
          />
          <TextField
            name="logo"
            label={t('community.logo')}
            maxLength={512}
            placeholder="https:// 或 /uploads/…"
          />
          <Form.Item name="note" label={t('community.note')}>
            <Input.TextArea rows={2} maxLength={300} />
          </Form.Item>
          <Space>
            <NumberField name="sort" label={t('community.sort')} min={0} max={1_000_000} />
            <SwitchField name="enabled" label={t('community.enabled')} />
          </Space>
        </FormModal>
      ) : null}
      <QueryTable<AdminBuyLink>
        query={links}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 60 },
          {
            title: t('community.logo'),
            dataIndex: 'logo',
            width: 70,
            render: (src: string) =>
              src ? <Image src={src} width={40} height={40} fallback={IMAGE_FALLBACK} /> : '—',
          },
          { title: t('community.name'), dataIndex: 'name' },
          {
            title: t('community.link'),
            dataIndex: 'link',
            render: (href: string) => (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {href}
              </a>
            ),
          },
          { title: t('community.note'), dataIndex: 'note' },
          { title: t('community.sort'), dataIndex: 'sort', width: 60 },
          {
            title: t('community.enabled'),
            dataIndex: 'enabled',
            width: 70,
            render: (on: boolean) =>
              on ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
          },
          {
            title: t('common.actions'),
            width: 140,
            render: (_, l) => (
              <Space size={4}>
                <Button size="small" disabled={!mayWrite} onClick={() => setEditing(l)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.delete')}
                  disabled={!mayWrite}
                  onConfirm={() => remove.mutate(l.id)}
                >
                  <Button size="small" danger disabled={!mayWrite}>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
