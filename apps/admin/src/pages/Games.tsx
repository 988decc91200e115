import { App, Button, InputNumber, Select, Space, Switch, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminGameRow, AdminProviderRow } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { BothNames, idColumn } from '../components/columns';
import { FormModal } from '../components/FormModal';
import { TextField } from '../components/FormFields';
import { CardTabs, Page } from '../components/Page';
import { QueryTable, useSearchList } from '../components/QueryTable';
import { quickSwitchColumn, useQuickSave } from '../components/QuickSave';
import { ReasonField, useReasonPrompt } from '../components/ReasonPrompt';
import { ChoiceFilter, SearchForm, TextFilter } from '../components/SearchForm';
import { labelledChoices } from '../components/ui';
import { adminApi } from '../lib/api';
import { useCan } from '../lib/permissions';

const STATUSES = [1, 2, 3, 4] as const;
/** What games and providers have in common: shown or hidden to players, and their place in the list. */
type Listed = { id: number; enabled: boolean; sort: number };
type Filters = { keyword?: string; status?: number; plat_type?: number };

/**
 * A sort order, saved when the field loses focus holding a different whole number (typing alone saves
 * nothing). It starts from `value`; keyed by the value, it starts again from a newly saved one.
 */
function SortInput({
  value,
  disabled,
  onSave,
}: {
  value: number;
  disabled: boolean;
  onSave: (next: number) => void;
}) {
  return (
    <InputNumber
      size="small"
      min={0}
      defaultValue={value}
      disabled={disabled}
      onBlur={(e) => {
        const next = Number(e.target.value);
        if (Number.isInteger(next) && next !== value) onSave(next);
      }}
    />
  );
}

/** The two names of a game or a provider, as the dialog edits them. */
type Names = { zh: string; en: string; reason: string };
/** What is being renamed: a game (both names required) or a provider (the English one optional). */
type Renaming = { kind: 'game'; row: AdminGameRow } | { kind: 'provider'; row: AdminProviderRow };

/**
 * The Chinese and English names players see. A game has both (the catalogue's column is required); a
 * provider may leave its English name empty, and English mode then shows the Chinese one.
 */
function NamesEditor({ renaming, onClose }: { renaming: Renaming; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const initial =
    renaming.kind === 'game'
      ? { zh: renaming.row.name_zh, en: renaming.row.name_en }
      : { zh: renaming.row.name, en: renaming.row.name_en ?? '' };
  return (
    <FormModal<Names>
      name="names"
      title={t('games.renameTitle', { name: initial.zh })}
      okText={t('common.save')}
      initialValues={initial}
      submit={async ({ zh, en, reason }) => {
        if (renaming.kind === 'game')
          await adminApi.updateGame(renaming.row.id, { name_zh: zh, name_en: en, reason: reason.trim() });
        else
          await adminApi.updateProvider(renaming.row.id, {
            name: zh,
            name_en: en ?? '',
            reason: reason.trim(),
          });
        message.success(t('common.saved'));
      }}
      onClose={onClose}
    >
      <TextField name="zh" label={t('games.nameZh')} required={t('common.required')} maxLength={64} />
      <TextField
        name="en"
        label={t('games.nameEn')}
        required={renaming.kind === 'game' ? t('common.required') : undefined}
        extra={renaming.kind === 'provider' ? t('games.nameEnHint') : undefined}
        maxLength={64}
      />
      <ReasonField compact />
    </FormModal>
  );
}

/**
 * Games and providers. Hiding a game or a provider, or changing a game's status, changes what every player
 * sees at once, so it asks why; the hot flag and sort order are cosmetic and save directly.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const quickSave = useQuickSave();
  const [ask, holder] = useReasonPrompt();
  const games = useSearchList<Filters, AdminGameRow>('games', {}, adminApi.games);
  const providers = useQuery({ queryKey: ['admin', 'providers'], queryFn: adminApi.providers });
  const mayGame = can('POST /api/admin/games/:id');
  const mayProvider = can('POST /api/admin/providers/:id');
  const [renaming, setRenaming] = useState<Renaming | null>(null);
  const renameColumn = <T,>(may: boolean, open: (row: T) => Renaming): TableColumnType<T> => ({
    title: t('games.rename'),
    render: (_, r) => (
      <Button size="small" disabled={!may} onClick={() => setRenaming(open(r))}>
        {t('common.edit')}
      </Button>
    ),
  });

  // The columns games and providers share. Switching one on or off changes what players see at once, so it
  // asks why; the sort order is cosmetic and saves on the spot.
  const enabledColumn = <T extends Listed>(
    may: boolean,
    name: (row: T) => string,
    save: (row: T, enabled: boolean, reason: string) => Promise<unknown>,
    label?: (row: T) => string,
  ): TableColumnType<T> => ({
    title: t('games.enabled'),
    dataIndex: 'enabled',
    render: (on: boolean, r) => (
      <Switch
        checked={on}
        disabled={!may}
        aria-label={label?.(r)}
        onChange={(next) =>
          ask({
            title: `${next ? t('games.enable') : t('games.disable')} ${name(r)}`,
            run: (reason) => save(r, next, reason),
          })
        }
      />
    ),
  });
  const sortColumn = <T extends Listed>(
    may: boolean,
    save: (row: T, sort: number) => Promise<unknown>,
  ): TableColumnType<T> => ({
    title: t('games.sort'),
    dataIndex: 'sort',
    render: (v: number, r) => (
      <SortInput key={`${r.id}-${v}`} value={v} disabled={!may} onSave={(sort) => quickSave(save(r, sort))} />
    ),
  });

  const gameList = (
    <>
      <SearchForm<Filters> name="game-filters" style={{ marginBottom: 16 }} onSearch={games.search}>
        <TextFilter name="keyword" placeholder={t('games.keyword')} width={200} />
        <ChoiceFilter
          name="plat_type"
          placeholder={t('games.platform')}
          width={160}
          options={providers.data?.map((p) => ({ value: p.id, label: p.name }))}
        />
        <ChoiceFilter
          name="status"
          placeholder={t('games.status')}
          width={140}
          options={labelledChoices(t, 'games.statuses', STATUSES)}
        />
      </SearchForm>
      <QueryTable<AdminGameRow>
        list={games}
        columns={[
          idColumn(60),
          {
            title: t('games.name'),
            render: (_, r) => (
              <Space>
                {r.image && (
                  <img
                    src={r.image}
                    alt=""
                    width={32}
                    height={32}
                    style={{ borderRadius: 4, objectFit: 'cover' }}
                  />
                )}
                <span>{r.name_zh}</span>
                <Typography.Text type="secondary">{r.name_en}</Typography.Text>
              </Space>
            ),
          },
          { title: t('games.code'), dataIndex: 'game_code' },
          {
            title: t('games.platform'),
            dataIndex: 'plat_type_id',
            render: (v: number, r) => (
              <Space size={4}>
                {providers.data?.find((p) => p.id === v)?.name ?? v}
                {!r.provider_enabled && <Tag>{t('games.providerOff')}</Tag>}
              </Space>
            ),
          },
          enabledColumn<AdminGameRow>(
            mayGame,
            (r) => r.name_zh,
            (r, enabled, reason) => adminApi.updateGame(r.id, { enabled, reason }),
          ),
          {
            title: t('games.status'),
            dataIndex: 'status',
            render: (s: number, r) => (
              <Select
                size="small"
                value={s}
                disabled={!mayGame}
                style={{ width: 120 }}
                options={labelledChoices(t, 'games.statuses', STATUSES)}
                onChange={(next) =>
                  ask({
                    title: `${r.name_zh}: ${t(`games.statuses.${next}`)}`,
                    run: (reason) => adminApi.updateGame(r.id, { status: next, reason }),
                  })
                }
              />
            ),
          },
          quickSwitchColumn<AdminGameRow>(t('games.hot'), 'is_hot', !mayGame, (r, is_hot) =>
            adminApi.updateGame(r.id, { is_hot }),
          ),
          sortColumn<AdminGameRow>(mayGame, (r, sort) => adminApi.updateGame(r.id, { sort })),
          renameColumn<AdminGameRow>(mayGame, (row) => ({ kind: 'game', row })),
        ]}
      />
    </>
  );
  const providerList = (
    <QueryTable<AdminProviderRow>
      query={providers}
      columns={[
        idColumn(60),
        { title: t('games.code'), dataIndex: 'code' },
        {
          title: t('games.name'),
          render: (_, r) => <BothNames zh={r.name} en={r.name_en} />,
        },
        { title: t('games.walletModel'), dataIndex: 'wallet_model' },
        { title: t('games.count'), dataIndex: 'game_count' },
        enabledColumn<AdminProviderRow>(
          mayProvider,
          (r) => r.name,
          (r, enabled, reason) => adminApi.updateProvider(r.id, { enabled, reason }),
          (r) => `provider-${r.code}`,
        ),
        sortColumn<AdminProviderRow>(mayProvider, (r, sort) => adminApi.updateProvider(r.id, { sort })),
        renameColumn<AdminProviderRow>(mayProvider, (row) => ({ kind: 'provider', row })),
      ]}
    />
  );

  return (
    <Page title={t('menu.games')}>
      <CardTabs
        tabs={[
          ['games', 'games.games', gameList],
          ['providers', 'games.providers', providerList],
        ]}
      />
      {holder}
      {renaming && <NamesEditor renaming={renaming} onClose={() => setRenaming(null)} />}
    </Page>
  );
}
