import { useState } from 'react';
import { App, Button, Card, Form, Image, Input, Popconfirm, Space, Tabs, Typography, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONFIG_ITEM_IDS,
  isSafeLink,
  LINK_CONFIG_ITEM_IDS,
  RICH_TEXT_CONFIG_ITEM_IDS,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  type AdminBanner,
} from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { idColumn } from '../components/columns';
import { FormModal } from '../components/FormModal';
import { Page } from '../components/Page';
import { QueryTable } from '../components/QueryTable';
import { quickSwitchColumn, useQuickSave, useSendOnce } from '../components/QuickSave';
import { IMAGE_FALLBACK, QueryError, fmtTime } from '../components/ui';
import { adminApi, type ConfigItem } from '../lib/api';
import { RichTextEditor } from '../components/RichTextEditor';
import { useCan } from '../lib/permissions';
import { NumberField, SwitchField, TextField } from '../components/FormFields';

/** Config items 1–9 (spec §3: notice, HTML content, chat contacts, service link; 8 and 9 the /about texts) and the home banners. */
export function ContentPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('menu.content')}>
      <ConfigItems />
      <Banners />
    </Page>
  );
}

function ConfigItems() {
  const { t } = useTranslation();
  const can = useCan();
  const items = useQuery({ queryKey: ['admin', 'config-items'], queryFn: adminApi.configItems });
  return (
    <Card title={t('content.configItems')}>
      <QueryError error={items.error} />
      <Tabs
        tabPosition="left"
        items={CONFIG_ITEM_IDS.map((id) => ({
          key: String(id),
          label: `${id} · ${t(`content.items.${id}`)}`,
          children: (
            <ConfigItemEditor
              key={`${id}-${items.dataUpdatedAt}`}
              item={items.data?.find((i) => i.id === id) ?? { id, content: '', updated_at: null }}
              editable={can('POST /api/admin/config-items/:id')}
            />
          ),
        }))}
      />
    </Card>
  );
}

function ConfigItemEditor({ item, editable }: { item: ConfigItem; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [content, setContent] = useState(item.content);
  // The server refuses it too; saying so while typing spares the operator a round trip.
  const unsafeLink = LINK_CONFIG_ITEM_IDS.includes(item.id) && content !== '' && !isSafeLink(content);
  const save = useSendOnce({
    mutationFn: () => adminApi.updateConfigItem(item.id, content),
    onSuccess: async () => {
      message.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'config-items'] });
    },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <QueryError error={save.error} />
      {RICH_TEXT_CONFIG_ITEM_IDS.includes(item.id) ? (
        <RichTextEditor
          value={item.content}
          onChange={setContent}
          disabled={!editable}
          label={`config-item-${item.id}`}
        />
      ) : (
        <Input.TextArea
          rows={item.id === 2 ? 10 : 4}
          value={content}
          maxLength={20_000}
          showCount
          disabled={!editable}
          onChange={(e) => setContent(e.target.value)}
          aria-label={`config-item-${item.id}`}
          status={unsafeLink ? 'error' : undefined}
        />
      )}
      {unsafeLink && <Typography.Text type="danger">{t('content.linkRule')}</Typography.Text>}
      <Space>
        <Button
          type="primary"
          disabled={!editable || content === item.content || unsafeLink}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('common.save')}
        </Button>
        <Typography.Text type="secondary">
          {t('content.updatedAt')} {fmtTime(item.updated_at)}
        </Typography.Text>
      </Space>
    </Space>
  );
}

/** A banner thumbnail: 5:2, cropped to fill the frame, `width` pixels wide; a placeholder where it cannot load. */
function BannerImage({ src, width }: { src: string; width: number }) {
  return (
    <Image
      src={src}
      width={width}
      height={(width * 2) / 5}
      style={{ objectFit: 'cover' }}
      fallback={IMAGE_FALLBACK}
    />
  );
}

type BannerForm = {
  image: string;
  title: string;
  link?: string;
  activity_type?: number | null;
  sort?: number;
  enabled?: boolean;
};

function Banners() {
  const { t } = useTranslation();
  const can = useCan();
  const quickSave = useQuickSave();
  const banners = useQuery({ queryKey: ['admin', 'banners'], queryFn: adminApi.banners });
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const mayWrite = can('POST /api/admin/banners');

  return (
    <Card
      title={t('content.banners')}
      extra={
        <Button icon={<PlusOutlined />} disabled={!mayWrite} onClick={() => setEditing('new')}>
          {t('content.newBanner')}
        </Button>
      }
    >
      <QueryTable<AdminBanner>
        query={banners}
        columns={[
          idColumn(60),
          {
            title: t('content.image'),
            dataIndex: 'image',
            render: (src: string) => <BannerImage src={src} width={120} />,
          },
          { title: t('content.title'), dataIndex: 'title' },
          { title: t('content.link'), dataIndex: 'link', ellipsis: true },
          { title: t('games.sort'), dataIndex: 'sort', width: 80 },
          quickSwitchColumn<AdminBanner>(t('games.enabled'), 'enabled', !mayWrite, (r, enabled) =>
            adminApi.updateBanner(r.id, { enabled }),
          ),
          {
            title: t('common.actions'),
            render: (_, r) => (
              <Space>
                <Button size="small" disabled={!mayWrite} onClick={() => setEditing(r)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('content.deleteConfirm')}
                  onConfirm={() => quickSave(adminApi.deleteBanner(r.id))}
                  disabled={!mayWrite}
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
      {editing && (
        <BannerEditor banner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

function BannerEditor({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BannerForm>();
  const image = Form.useWatch('image', form);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const save = (v: BannerForm) => {
    const body = {
      image: v.image,
      title: v.title.trim(),
      link: v.link?.trim() ?? '',
      sort: v.sort ?? 0,
      enabled: v.enabled ?? true,
    };
    if (banner) return adminApi.updateBanner(banner.id, { ...body, activity_type: v.activity_type ?? 0 });
    return adminApi.createBanner({ ...body, ...(v.activity_type ? { activity_type: v.activity_type } : {}) });
  };
  return (
    <FormModal<BannerForm>
      form={form}
      name="banner"
      title={banner ? t('common.edit') : t('content.newBanner')}
      initialValues={
        banner ? { ...banner, activity_type: banner.activity_type ?? undefined } : { sort: 0, enabled: true }
      }
      submit={save}
      onClose={onClose}
    >
      <Form.Item
        name="image"
        label={t('content.image')}
        rules={[{ required: true, message: t('content.imageRequired') }]}
      >
        <Input placeholder="/uploads/…" />
      </Form.Item>
      <Space align="start" style={{ marginBottom: 16 }}>
        <Upload
          accept={UPLOAD_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            // A first check for the operator's convenience; the server checks the bytes themselves.
            if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
              setUploadError(t('content.uploadType'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > UPLOAD_MAX_BYTES) {
              setUploadError(t('content.uploadSize', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setUploadError(null);
            adminApi.upload(file as File).then(
              (r) => {
                form.setFieldValue('image', r.url);
                onSuccess?.(r);
              },
              (e: Error) => {
                setUploadError(e.message);
                onError?.(e);
              },
            );
          }}
        >
          <Button icon={<UploadOutlined />}>{t('content.upload')}</Button>
        </Upload>
        {image && <BannerImage src={image} width={160} />}
      </Space>
      {uploadError && <QueryError error={new Error(uploadError)} />}
      <TextField
        name="title"
        label={t('content.title')}
        required={t('common.required')}
        rules={[{ max: 100 }]}
        maxLength={100}
      />
      <TextField
        name="link"
        label={t('content.link')}
        rules={[{ max: 512 }]}
        placeholder="/activity/… https://…"
      />
      <Space>
        <NumberField name="activity_type" label={t('content.activityType')} min={1} max={99} />
        <NumberField name="sort" label={t('games.sort')} min={0} />
        <SwitchField name="enabled" label={t('games.enabled')} />
      </Space>
    </FormModal>
  );
}
