import type { ReactNode } from 'react';
import { App, Switch, type TableColumnType } from 'antd';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * For the small edits that save at once, without a dialog or a reason (a hot flag, a sort order, a banner
 * switched on): the console's reads are refreshed when the write lands, and a refusal is toasted, since no
 * dialog is open to hold the server's message.
 */
export function useQuickSave() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (write: Promise<unknown>) =>
    write.then(
      () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
      (e: Error) => {
        message.error(e.message);
      },
    );
}

/**
 * A write started from a button or a form on the page rather than a dialog (a dialog holds the server's
 * message itself, see FormModal): when it lands, `toast` says what it did, `saved` takes the result (to
 * reset a draft or show what changed) and the reads under `refresh` are fetched again; a refusal is toasted,
 * since nothing on the page holds it.
 */
export function useWrite<V = void, R = unknown>(
  write: (values: V) => Promise<R>,
  {
    refresh,
    toast,
    saved,
  }: { refresh?: QueryKey; toast?: (result: R) => string; saved?: (result: R) => void } = {},
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (result) => {
      if (toast) message.success(toast(result));
      saved?.(result);
      if (refresh) await queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (e: Error) => void message.error(e.message),
  });
}

/**
 * A column of cosmetic flags (a hot game, a banner shown), each switched and saved at once. The switches
 * are small, so they read as lighter than the full-size ones that hide something from players and ask why.
 */
export function quickSwitchColumn<T>(
  title: ReactNode,
  dataIndex: keyof T & string,
  disabled: boolean,
  save: (row: T, next: boolean) => Promise<unknown>,
): TableColumnType<T> {
  return {
    title,
    dataIndex,
    render: (on: boolean, row) => (
      <QuickSwitch checked={on} disabled={disabled} save={(next) => save(row, next)} />
    ),
  };
}

function QuickSwitch({
  checked,
  disabled,
  save,
}: {
  checked: boolean;
  disabled: boolean;
  save: (next: boolean) => Promise<unknown>;
}) {
  const quickSave = useQuickSave();
  return (
    <Switch size="small" checked={checked} disabled={disabled} onChange={(next) => quickSave(save(next))} />
  );
}
