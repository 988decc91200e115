import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseButton } from './CloseButton';

/**
 * A centred sheet with a title and a close button (the customer-service list, the notice): the backdrop,
 * the × and the Escape key all close it.
 *
 * It is the browser's own modal <dialog>, not antd-mobile's CenterPopup. The notice opens by itself right
 * after a sign-in link, while the home page is still settling, and the popup's first opening cost a slow
 * phone's main thread a long task: its animation library started up, and its scroll lock put a class on
 * <body> that made the browser lay out and repaint the whole page under the mask, every game picture again
 * (bench:web's signed-in trace: one 127 ms script task, then a 187 ms layout and paint). A modal <dialog>
 * is drawn in the top layer above an untouched page, makes the page behind it inert to clicks and focus, and
 * brings focus handling and Escape for free; its entrance is a CSS animation on the compositor.
 */
export function SheetDialog({
  open,
  onClose,
  title,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open === open) return;
    // jsdom (the component tests) has no showModal: the open attribute shows the same content there.
    if (open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The browser would focus the ×, and draw its focus ring, as soon as the dialog opens by itself; the
      // dialog takes focus instead (a screen reader reads its title), and Tab reaches the × next.
      dialog.focus();
    } else if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `sheet-dialog ${className}` : 'sheet-dialog'}
      aria-labelledby={titleId}
      tabIndex={-1}
      // Escape asks to cancel: the owner decides (its state closes the dialog through the effect above).
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself; clicks inside land on the panel's content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sheet-dialog__panel">
        <div className="sheet-dialog__head">
          <h2 id={titleId}>{title}</h2>
          <CloseButton onClose={onClose} />
        </div>
        {children}
      </div>
    </dialog>
  );
}
