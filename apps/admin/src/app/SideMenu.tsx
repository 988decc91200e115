import { Menu } from 'antd';
import type { Permissions } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuEntries, visibleMenu, type MenuEntry } from './menu';

/** The permission-aware navigation: only the screens this operator's permissions let them read. */
export function SideMenu({ permissions }: { permissions: Permissions | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = visibleMenu(permissions);
  const entries = menuEntries(menu);
  const item = (e: MenuEntry) => ({ key: e.path, icon: e.icon, label: t(e.label) });
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
      items={menu.map((m) =>
        'group' in m
          ? { type: 'group' as const, key: m.group, label: t(m.label), children: m.entries.map(item) }
          : item(m),
      )}
    />
  );
}
