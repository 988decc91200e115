import { Button, Dialog, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawAddressWire } from '@koi/contract';
import { PageLoading, PageState } from '../../../components/PageState';
import { ApiError } from '../../../lib/http';
import { IconButton } from '../../../components/IconButton';
import { CloseIcon } from '../../../components/Icons';
import {
  useAddressListQuery,
  useAddressTypesQuery,
  useBindAddressMutation,
  useDeleteAddressMutation,
  type AddressType,
} from '../api/withdraw';
import { FullPanel } from './FullPanel';
import { MoneyDialog } from './MoneyDialog';
import './AddressPanel.css';

/** Error code of the look-alike address answer (ADDRESS_SIMILAR in the contract's catalogue). */
const ADDRESS_SIMILAR_CODE = 5008;
const TRON_ADDRESS = /T[1-9A-HJ-NP-Za-km-z]{33}/g;

export const ADDRESS_TYPE_KEYS: Record<AddressType, string> = {
  '1': 'money.addressType1',
  '2': 'money.addressType2',
  '3': 'money.addressType3',
};

/** What the list shows for one address: `+area phone` for the phone wallet (decision 12), else the address. */
export function addressText(a: Pick<WithdrawAddressWire, 'type' | 'area' | 'address'>): string {
  return a.type === '2' && a.area ? `+${a.area} ${a.address}` : a.address;
}

const normaliseArea = (area: string) => area.trim().replace(/^\+/, '');

/** Spec §5: an address identical to a saved one is refused before anything is sent. */
export function isDuplicate(
  list: readonly WithdrawAddressWire[],
  draft: { type: AddressType; address: string; area: string },
): boolean {
  return list.some(
    (a) =>
      a.type === draft.type &&
      a.address.trim() === draft.address.trim() &&
      (draft.type !== '2' || normaliseArea(a.area) === normaliseArea(draft.area)),
  );
}

type Draft = { type: AddressType; address: string; area: string };
const EMPTY: Draft = { type: '1', address: '', area: '' };

/**
 * 修改提现地址 (spec §2, §4, §5): the saved addresses with type label and delete, and the add dialog
 * (type dropdown, fields per type, security tip, spinner, duplicate check, look-alike warning).
 */
export function AddressPanel({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useAddressListQuery();
  const offered = useAddressTypesQuery();
  const bind = useBindAddressMutation();
  const remove = useDeleteAddressMutation();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [similar, setSimilar] = useState<{ fresh: string; old: string } | null>(null);

  const send = async (confirmSimilar: boolean) => {
    try {
      await bind.mutateAsync({
        ...draft,
        area: draft.type === '2' ? normaliseArea(draft.area) : '',
        confirm_similar: confirmSimilar,
      });
      Toast.show({ content: t('money.added'), position: 'center' });
      setSimilar(null);
      setAdding(false);
      setDraft(EMPTY);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ADDRESS_SIMILAR_CODE) {
        // The server names both addresses in its message; the new one is ours, the other is the look-alike.
        const found = (error.message.match(TRON_ADDRESS) ?? []).filter((a) => a !== draft.address.trim());
        setSimilar({ fresh: draft.address.trim(), old: found[0] ?? error.message });
        return;
      }
      if (!error.cancelled && error.status !== 401)
        Toast.show({ content: error.message, position: 'center' });
    }
  };

  /** The value and change handler of one text field of the add dialog. */
  const draftField = (key: 'area' | 'address') => ({
    value: draft[key],
    onChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
  });

  const submit = () => {
    // Spec §5: a second tap while the first is in flight is ignored.
    if (bind.isPending) return;
    if (!draft.address.trim() || (draft.type === '2' && !draft.area.trim())) {
      Toast.show({ content: t('money.fillAll'), position: 'center' });
      return;
    }
    if (isDuplicate(list.data ?? [], draft)) {
      Toast.show({ content: t('money.duplicate'), position: 'center' });
      return;
    }
    void send(false);
  };

  const askDelete = (a: WithdrawAddressWire) => {
    void Dialog.confirm({
      content: t('money.deleteConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        await remove.mutateAsync({ id: a.id, address: a.address });
        Toast.show({ content: t('money.deleted'), position: 'center' });
      },
    });
  };

  return (
    <FullPanel title={t('money.addressTitle')} visible={visible} onClose={onClose}>
      {list.isPending && list.fetchStatus !== 'idle' ? (
        <PageLoading />
      ) : list.isError ? (
        <PageState kind="error" onRetry={() => void list.refetch()} />
      ) : (list.data ?? []).length === 0 ? (
        <PageState kind="empty" text={t('money.noAddress')} />
      ) : (
        <ul className="stack-list address-list" aria-label={t('money.addressTitle')}>
          {(list.data ?? []).map((a) => (
            <li key={a.id} className="address-list__item">
              <span className="chip address-list__type">{t(ADDRESS_TYPE_KEYS[a.type])}</span>
              <span className="address-list__text">{addressText(a)}</span>
              <IconButton
                label={t('money.delete')}
                className="address-list__delete"
                onClick={() => askDelete(a)}
              >
                <CloseIcon />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <Button color="primary" block shape="rounded" onClick={() => setAdding(true)}>
        {t('money.addAddress')}
      </Button>

      <MoneyDialog
        visible={adding}
        className="address-add"
        title={t('money.addAddress')}
        onCancel={() => setAdding(false)}
        action={{ text: t('common.confirm'), onClick: submit, busy: bind.isPending }}
      >
        <label className="address-add__field">
          <span>{t('money.addressType')}</span>
          <select
            aria-label={t('money.addressType')}
            value={draft.type}
            // Spec §4: changing the type clears area and address.
            onChange={(e) => setDraft({ type: e.target.value as AddressType, address: '', area: '' })}
          >
            {/* Only the types an operator offers, under the operator's names; TRC20 while they load. */}
            {(offered.data ?? [{ type: '1' as const, name: '' }]).map(({ type, name }) => (
              <option key={type} value={type}>
                {type === '1' || !name ? t(ADDRESS_TYPE_KEYS[type]) : name}
              </option>
            ))}
          </select>
        </label>
        {draft.type === '2' ? (
          <div className="address-add__phone">
            <Input
              aria-label={t('money.area')}
              placeholder={t('money.area')}
              {...draftField('area')}
              inputMode="tel"
            />
            <Input
              aria-label={t('money.phone')}
              placeholder={t('money.phone')}
              {...draftField('address')}
              inputMode="tel"
            />
          </div>
        ) : (
          <Input
            className="address-add__input"
            aria-label={t('money.addressInput')}
            placeholder={t(draft.type === '1' ? 'money.trc20Placeholder' : 'money.walletPlaceholder')}
            {...draftField('address')}
          />
        )}
        <p className="address-add__tip">{t('money.securityTip')}</p>
      </MoneyDialog>

      <MoneyDialog
        visible={similar !== null}
        className="address-similar"
        title={t('money.similarTitle')}
        onCancel={() => setSimilar(null)}
        maskCloses={false}
        action={{
          text: t('money.similarConfirm'),
          onClick: () => void send(true),
          busy: bind.isPending,
          danger: true,
        }}
      >
        <p>{t('money.similarText')}</p>
        <div className="address-similar__pair">
          <div>
            <small>{t('money.similarNew')}</small>
            <code data-testid="similar-new">{similar?.fresh}</code>
          </div>
          <div>
            <small>{t('money.similarOld')}</small>
            <code data-testid="similar-old">{similar?.old}</code>
          </div>
        </div>
      </MoneyDialog>
    </FullPanel>
  );
}
