import { Suspense } from 'react';
import { Avatar, Button, Dropdown, Layout, Space, Spin, Tag, Typography } from 'antd';
import { GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { setLanguage } from '../i18n';
import { adminApi } from '../lib/api';
import { useMe } from '../lib/permissions';
import { setToken } from '../lib/session';
import { Logo } from '../components/Logo';
import { SideMenu } from './SideMenu';

export function AdminLayout() {
  const { t, i18n } = useTranslation();
  const me = useMe().data;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    // The server ends the session; whatever it answers, this browser forgets the token.
    await adminApi.logout().catch(() => undefined);
    setToken(null);
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} breakpoint="lg" collapsedWidth={64}>
        <div
          style={{ color: '#fff', fontWeight: 600, fontSize: 18, padding: '18px 24px', whiteSpace: 'nowrap' }}
        >
          <Logo />
        </div>
        <SideMenu permissions={me?.permissions} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle">
            <Button
              type="text"
              icon={<GlobalOutlined />}
              onClick={() => setLanguage(i18n.language === 'en' ? 'zh-CN' : 'en')}
            >
              {i18n.language === 'en' ? '中文' : 'English'}
            </Button>
            <Dropdown
              menu={{
                items: [
                  { key: 'sessions', label: t('menu.sessions'), onClick: () => navigate('/sessions') },
                  { key: 'password', label: t('password.title'), onClick: () => navigate('/password') },
                  { type: 'divider' },
                  { key: 'logout', icon: <LogoutOutlined />, label: t('app.logout'), onClick: signOut },
                ],
              }}
            >
              <Space style={{ cursor: 'pointer' }} data-testid="operator-menu">
                <Avatar size="small" icon={<UserOutlined />} />
                <Typography.Text strong>{me?.username}</Typography.Text>
                {me && <Tag color="volcano">{t(`role.${me.role}`)}</Tag>}
              </Space>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<Spin style={{ display: 'block', marginTop: 120 }} size="large" />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
