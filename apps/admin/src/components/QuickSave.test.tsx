import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/App';
import { ApiError } from '../lib/http';
import { useWrite } from './QuickSave';

function Saver({
  write,
  read,
  saved,
}: {
  write: () => Promise<string>;
  read: () => Promise<string>;
  saved: (r: string) => void;
}) {
  const list = useQuery({ queryKey: ['admin', 'thing'], queryFn: read });
  const save = useWrite(write, { refresh: ['admin', 'thing'], toast: (r) => `已保存 ${r}`, saved });
  return (
    <>
      <span>{list.data}</span>
      <Button onClick={() => save.mutate()}>保存</Button>
    </>
  );
}

function setup(write: () => Promise<string>) {
  const read = vi.fn(async () => '列表');
  const saved = vi.fn();
  render(
    <Providers>
      <Saver write={write} read={read} saved={saved} />
    </Providers>,
  );
  return { user: userEvent.setup(), read, saved };
}

describe('useWrite (a write from the page, not a dialog)', () => {
  it('toasts what it did, hands over the result and reads the list again', async () => {
    const { user, read, saved } = setup(async () => '#7');
    await screen.findByText('列表');
    expect(read).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存 #7')).toBeInTheDocument();
    expect(saved).toHaveBeenCalledWith('#7');
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it("toasts the server's refusal and neither hands over a result nor reads again", async () => {
    const { user, read, saved } = setup(async () => {
      throw new ApiError('金额超出范围', 400, 400);
    });
    await screen.findByText('列表');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('金额超出范围')).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
    expect(read).toHaveBeenCalledTimes(1);
  });
});
