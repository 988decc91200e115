import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A player's standing as the players list and the player drawer show it. */
export function PlayerStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === 2 ? (
    <Tag color="red">{t('players.frozen')}</Tag>
  ) : (
    <Tag color="green">{t('players.active')}</Tag>
  );
}
