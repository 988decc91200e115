import { useRef, useState, type ReactNode } from 'react';
import { App, Switch, type TableColumnType } from 'antd';
import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

/**
 * A console write that sends one request at a time: `mutate` (and `mutateAsync`) called again while a request
 * is in flight does nothing. The button's `loading={isPending}` is not enough on its own, because React
 * Query tells the component that the write started only on a later tick: a double click, or a form
 * validated twice before either validation ended, would otherwise send the write twice.
 */
export function useSendOnce<R = unknown, V = void>(
  options: UseMutationOptions<R, Error, V>,
): UseMutationResult<R, Error, V> {
  const mutation = useMutation(options);
  const inFlight = useRef<Promise<R> | null>(null);
  const mutateAsync = (variables: V): Promise<R> => {
    if (inFlight.current) return inFlight.current;
    const sent = mutation.mutateAsync(variables).finally(() => {
      inFlight.current = null;
    });
    inFlight.current = sent;
    return sent;
  };
  // A refusal is in `error` (and the options' onError); `mutate` leaves it there, as React Query's does.
  const mutate = (variables: V) => void mutateAsync(variables).catch(() => undefined);
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<R, Error, V>;
}

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
  return useSendOnce<R, V>({
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
 * A write whose refusal the page shows itself (a QueryError beside what was clicked): sent once at a time,
 * as useSendOnce, and the console's reads refreshed when it lands.
 */
export function useRefreshingWrite<V = void, R = unknown>(write: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useSendOnce<R, V>({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
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
  // The switch shows the saved value, which changes only when the write lands: until then it spins and a
  // second click sends nothing.
  const [saving, setSaving] = useState(false);
  return (
    <Switch
      size="small"
      checked={checked}
      disabled={disabled}
      loading={saving}
      onChange={(next) => {
        if (saving) return;
        setSaving(true);
        void quickSave(save(next)).finally(() => setSaving(false));
      }}
    />
  );
}
