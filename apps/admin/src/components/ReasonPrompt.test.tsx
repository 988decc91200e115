import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { renderInConsole } from '../test/console';
import { useReasonPrompt } from './ReasonPrompt';

function Freeze({ run }: { run: (reason: string) => Promise<unknown> }) {
  const [ask, holder] = useReasonPrompt();
  return (
    <>
      <Button onClick={() => ask({ title: '冻结账户', danger: true, run })}>冻结账户</Button>
      {holder}
    </>
  );
}

function setup(run: (reason: string) => Promise<unknown>) {
  renderInConsole(<Freeze run={run} />);
  return userEvent.setup();
}

const confirm = () => screen.getByRole('button', { name: '确定' });

describe('reason prompt (every write that needs a reason asks for one)', () => {
  it('refuses to send without a reason, or with only spaces', async () => {
    const run = vi.fn(async () => undefined);
    const user = setup(run);
    await user.click(screen.getByRole('button', { name: '冻结账户' }));
    await user.click(confirm());
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    await user.type(screen.getByLabelText('原因'), '    ');
    await user.click(confirm());
    expect(await screen.findByText('请填写原因')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason and closes', async () => {
    const run = vi.fn(async () => undefined);
    const user = setup(run);
    await user.click(screen.getByRole('button', { name: '冻结账户' }));
    await user.type(screen.getByLabelText('原因'), '  suspected takeover  ');
    await user.click(confirm());
    await waitFor(() => expect(run).toHaveBeenCalledWith('suspected takeover'));
    await waitFor(() => expect(screen.queryByLabelText('原因')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's refusal, and the reason, so the operator can retry", async () => {
    const run = vi
      .fn<(reason: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError('拒绝访问', 403, 403))
      .mockResolvedValueOnce(undefined);
    const user = setup(run);
    await user.click(screen.getByRole('button', { name: '冻结账户' }));
    await user.type(screen.getByLabelText('原因'), 'fraud report 42');
    await user.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent('拒绝访问');
    expect(screen.getByLabelText('原因')).toHaveValue('fraud report 42');
    await user.click(confirm());
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByLabelText('原因')).not.toBeInTheDocument());
  });
});
