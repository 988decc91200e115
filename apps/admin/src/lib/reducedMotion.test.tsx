import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/App';

/** A media-query list answering `reduce` as the operator's system would, for the one query asked. */
function prefersReducedMotion(reduce: boolean) {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const list = original(query);
    return { ...list, matches: reduce && query.includes('prefers-reduced-motion') };
  });
}

function Dialog() {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} title="复核" onCancel={() => setOpen(false)} footer={null}>
      <Button onClick={() => setOpen(false)}>关闭</Button>
    </Modal>
  );
}

describe('the console under reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('closes a dialog at once, leaving nothing over the page', async () => {
    prefersReducedMotion(true);
    render(
      <Providers>
        <Dialog />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap')).not.toBeVisible());
  });

  it('keeps the closing animation otherwise (jsdom never ends it, so the wrapper stays)', async () => {
    prefersReducedMotion(false);
    render(
      <Providers>
        <Dialog />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.ant-modal-wrap')).toBeVisible();
  });
});
