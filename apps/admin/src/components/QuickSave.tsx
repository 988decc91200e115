import { App, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';

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
 * A cosmetic flag in a table row (a hot game, a banner shown), switched and saved at once: small, so it
 * reads as lighter than the full-size switches that hide something from players and ask why.
 */
export function QuickSwitch({
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
