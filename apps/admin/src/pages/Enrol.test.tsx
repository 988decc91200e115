import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/App';
import { ok } from '../test/console';
import { EnrolPage } from './Enrol';

const CODES = Array.from({ length: 10 }, (_, i) => `K7QM-2XPD-9HRT-WC${i}N`);

afterEach(() => {
  window.location.hash = '';
});

describe('first-run setup page', () => {
  it(
    'shows the secret, asks for the admin username too, and completes the setup with the link token',
    { timeout: 60_000 },
    async () => {
      window.location.hash = '#setup-token';
      const calls: { url: string; body: unknown }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
          if (url.endsWith('/setup/info')) {
            return ok({
              totp_secret: 'JBSWY3DPEHPK3PXP',
              otpauth_uri: 'otpauth://totp/Koi:console-admin?secret=JBSWY3DPEHPK3PXP&issuer=Koi',
              expires_at: '2026-11-27T10:00:00.000Z',
            });
          }
          return ok({ username: 'boss_admin', recovery_codes: CODES });
        }),
      );
      const user = userEvent.setup({ delay: null });
      render(
        <Providers>
          <MemoryRouter>
            <EnrolPage setup />
          </MemoryRouter>
        </Providers>,
      );
      expect(await screen.findByText('初始设置：创建首位管理员')).toBeInTheDocument();
      expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /创建管理员/ }));
      expect(
        await screen.findByText('用户名须为3-32位字母、数字、点、横线或下划线', {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.url.endsWith('/api/admin/setup'))).toHaveLength(0);

      await user.type(screen.getByLabelText('管理员用户名'), 'boss_admin');
      await user.type(screen.getByLabelText('新密码（12-128位）'), 'correct horse battery');
      await user.type(screen.getByLabelText('再次输入新密码'), 'correct horse battery');
      await user.type(screen.getByLabelText('动态验证码'), '123456');
      await user.click(screen.getByRole('button', { name: /创建管理员/ }));
      await waitFor(() =>
        expect(calls.find((c) => c.url.endsWith('/api/admin/setup'))?.body).toEqual({
          token: 'setup-token',
          username: 'boss_admin',
          password: 'correct horse battery',
          totp: '123456',
        }),
      );
      expect(
        await screen.findByText('首位管理员已创建，请使用用户名、新密码和动态验证码登录。'),
      ).toBeInTheDocument();
      // The recovery codes, shown this once, with the warning that they are not shown again.
      for (const code of CODES) expect(screen.getByText(code)).toBeInTheDocument();
      expect(screen.getByText(/它们只显示这一次/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /下载 .txt/ })).toBeInTheDocument();
    },
  );
});
