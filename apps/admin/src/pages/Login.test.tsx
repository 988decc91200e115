import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/App';
import { ApiError } from '../lib/http';
import { LoginForm } from './Login';

function setup(onSubmit = vi.fn<() => Promise<void>>(async () => undefined)) {
  render(
    <Providers>
      <LoginForm onSubmit={onSubmit} />
    </Providers>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: /^\s*登\s*录\s*$/ });

/** Types the three fields as an operator would, then presses 登录. */
async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  { username, password, code }: { username: string; password: string; code: string },
) {
  await user.type(field('用户名'), username);
  await user.type(field('密码'), password);
  await user.type(field('动态验证码'), code);
  await user.click(submit());
}

describe('sign-in form', () => {
  it('asks for every field and sends nothing while one is missing', async () => {
    const { onSubmit, user } = setup();
    await user.click(submit());
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请输入动态验证码')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats a blank username as missing', async () => {
    const { onSubmit, user } = setup();
    await signIn(user, { username: '   ', password: 'correct horse battery', code: '123456' });
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['12345', '12a456', 'abcdef'])(
    'refuses the authenticator code %s: it must be six digits',
    async (code) => {
      const { onSubmit, user } = setup();
      await signIn(user, { username: 'boss_admin', password: 'correct horse battery', code });
      expect(await screen.findByText('动态验证码为6位数字')).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('does not accept more than six characters in the code field', async () => {
    const { user } = setup();
    await user.type(field('动态验证码'), '1234567');
    expect(field('动态验证码')).toHaveValue('123456');
  });

  it('sends username, password and code once they are valid', async () => {
    const { onSubmit, user } = setup();
    await signIn(user, { username: 'boss_admin', password: 'correct horse battery', code: '654321' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      username: 'boss_admin',
      password: 'correct horse battery',
      totp: '654321',
    });
  });

  it("shows the server's refusal above the form and lets the operator try again", async () => {
    const onSubmit = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError('用户名、密码或动态验证码错误', 6001, 200))
      .mockResolvedValueOnce(undefined);
    const { user } = setup(onSubmit);
    await signIn(user, { username: 'boss_admin', password: 'wrong password!', code: '000000' });
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名、密码或动态验证码错误');
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('signs in with a recovery code instead of the authenticator code, and checks its shape first', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: '手机丢失？使用恢复码登录' }));
    expect(screen.queryByLabelText('动态验证码')).not.toBeInTheDocument();
    await user.type(field('用户名'), 'boss_admin');
    await user.type(field('密码'), 'correct horse battery');
    await user.type(field('恢复码'), 'K7QM-2XPD');
    await user.click(submit());
    expect(await screen.findByText('恢复码为16位字母或数字（可含横线）')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(field('恢复码'), '-9HRT-WC4N');
    await user.click(submit());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      username: 'boss_admin',
      password: 'correct horse battery',
      recovery_code: 'K7QM-2XPD-9HRT-WC4N',
    });
    // And back to the authenticator code.
    await user.click(screen.getByRole('button', { name: '使用动态验证码登录' }));
    expect(field('动态验证码')).toBeInTheDocument();
  });
});
