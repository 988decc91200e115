import { Col, Radio, Row, Space } from 'antd';
import {
  PERMISSION_AREAS,
  PERMISSION_LEVELS,
  ROLE_PERMISSIONS,
  levelAllows,
  type OperatorRole,
  type Permissions,
} from '@koi/contract';
import { useTranslation } from 'react-i18next';
import type { Overrides } from '../lib/api';

/** The per-area overrides to send: only the areas where the chosen level differs from the role's. */
export function overridesFor(
  role: OperatorRole,
  permissions: Permissions | undefined,
): Overrides | undefined {
  if (role === 'admin' || !permissions) return undefined;
  const base = ROLE_PERMISSIONS[role];
  const changed = PERMISSION_AREAS.filter((a) => permissions[a] !== base[a]);
  return changed.length ? Object.fromEntries(changed.map((a) => [a, permissions[a]])) : undefined;
}

/**
 * Area × level for a non-admin operator, starting from the role's levels. A level above what the signed-in
 * operator holds in that area is disabled: nobody can grant more than they have (the server refuses too).
 */
export function PermissionGrid({
  value,
  onChange,
  held,
  disabled,
}: {
  value?: Permissions;
  onChange?: (next: Permissions) => void;
  held: Permissions | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  // Two areas a row keeps the dialog short enough to show whole on a laptop screen.
  return (
    <Row gutter={[16, 8]} data-testid="permission-grid">
      {PERMISSION_AREAS.map((area) => (
        <Col span={12} key={area} data-area={area}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <span>{t(`area.${area}`)}</span>
            <Radio.Group
              size="small"
              optionType="button"
              disabled={disabled}
              value={value?.[area]}
              onChange={(e) => value && onChange?.({ ...value, [area]: e.target.value })}
              options={PERMISSION_LEVELS.map((level) => ({
                value: level,
                label: t(`level.${level}`),
                disabled: !held || !levelAllows(held[area], level),
              }))}
            />
          </Space>
        </Col>
      ))}
    </Row>
  );
}
