import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/App';
import { RichTextEditor } from './RichTextEditor';

describe('RichTextEditor toolbar', () => {
  it('keeps the focus in the text when a tool is pressed with the mouse', async () => {
    render(
      <Providers>
        <RichTextEditor value="<p>公告</p>" onChange={vi.fn()} label="notice" />
      </Providers>,
    );
    // fireEvent answers false when a handler cancelled the event's default: here, the focus move to the button.
    for (const name of ['加粗', '斜体', '小标题']) {
      const tool = await screen.findByRole('button', { name });
      expect(fireEvent.mouseDown(tool), name).toBe(false);
    }
  });
});
