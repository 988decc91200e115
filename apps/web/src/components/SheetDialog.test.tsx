import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '../test/render';
import { SheetDialog } from './SheetDialog';

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <SheetDialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="公告"
        className="notice-dialog"
      >
        <p>body text</p>
      </SheetDialog>
    </>
  );
}

const dialogOf = () => document.querySelector('dialog.sheet-dialog.notice-dialog') as HTMLDialogElement;

describe('SheetDialog', () => {
  it('opens as a dialog named by its title and closes from the ×, the backdrop and Escape', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = dialogOf();
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByRole('dialog', { name: '公告' })).toBe(dialog);

    // A click inside the panel is not a click on the backdrop.
    fireEvent.click(screen.getByText('body text'));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(false);

    fireEvent.click(screen.getByText('open'));
    expect(dialog.hasAttribute('open')).toBe(true);
    // The backdrop's clicks reach the <dialog> element itself.
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(dialog.hasAttribute('open')).toBe(false);

    fireEvent.click(screen.getByText('open'));
    // Escape fires `cancel`; the dialog leaves the closing to its owner, so the browser's default is stopped.
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(dialog.hasAttribute('open')).toBe(false);
  });
});
