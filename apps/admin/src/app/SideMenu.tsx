import { Menu } from 'antd';
import type { Permissions } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { visibleMenu } from './menu';

/** The permission-aware navigation: only the screens this operator's permissions let them read. */
export function SideMenu({ permissions }: { permissions: Permissions | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = visibleMenu(permissions);
  // The longest entry path that prefixes the current location is the selected one (`/players/7` → players).
  const selected =
    entries
      .map((e) => e.path)
      .filter((p) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`)))
      .sort((a, b) => b.length - a.length)[0] ?? '';
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[selected]}
      onClick={({ key }) => navigate(key)}
      items={entries.map((e) => ({ key: e.path, icon: e.icon, label: t(e.label) }))}
    />
  );
}
