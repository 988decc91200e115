import { Dialog } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '../../test/render';
import { fail, field, ok, renderRoutes, setUpScreenTests, stubFetch, typeInto } from '../../test/utils';
import { userInfoWire } from '../auth/api/userInfo.fixture';
import { rechargeOrderWire } from './api/recharge.fixture';
import type { WithdrawInfo } from './api/withdraw';
import { AddressPanel } from './components/AddressPanel';
import { PasswordPanel } from './components/PasswordPanel';
import { allInAmount } from './components/WithdrawForm';
import { channelQuote, fromMicro, toMicro, withdrawFee } from './money';
import { useOpenOrderStore } from './openOrder';
import RechargePage from './pages/RechargePage';

const WAIT = { timeout: 5000 };
const TRON_A = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_B = 'TLa2xxxxxxxxxxxxxxxxxxxxxxxxxxjU7X'.slice(0, 34);
const USER = userInfoWire();
const INFO: WithdrawInfo = {
  available: '150.000000',
  min_amount: '10',
  max_amount: '10000',
  fee_type: 'fixed',
  fee: '1',
  daily_count_limit: 5,
  daily_count_used: 0,
  daily_amount_limit: '50000',
  daily_amount_used: '0',
  turnover_remaining: '0',
  password_set: true,
  locked_minutes: 0,
};

const { toasted } = setUpScreenTests();
const findField = async (label: string) => {
  await screen.findAllByLabelText(label, undefined, WAIT);
  return field(label);
};
const body = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));

beforeEach(() => {
  useOpenOrderStore.setState({ order: null });
});

describe('money arithmetic', () => {
  it('parses and prints micro-USDT exactly, and refuses what is not a plain decimal', () => {
    expect(toMicro('12.5')).toBe(12_500_000n);
    expect(toMicro('0.000001')).toBe(1n);
    expect(toMicro('1.0000001')).toBeNull();
    expect(toMicro('-1')).toBeNull();
    expect(toMicro('1e3')).toBeNull();
    expect(fromMicro(12_500_000n)).toBe('12.5');
    expect(fromMicro(100_000_000n)).toBe('100');
  });
  it('charges a ratio fee rounded up to the micro, like the server', () => {
    expect(withdrawFee(100_000_000n, 'ratio', '0.5')).toBe(500_000n);
    expect(withdrawFee(1n, 'ratio', '0.5')).toBe(1n);
    expect(withdrawFee(100_000_000n, 'fixed', '1')).toBe(1_000_000n);
  });
  it('all-in leaves room for the fee and respects the maximum', () => {
    expect(allInAmount(INFO)).toBe(149_000_000n);
    const ratio = { ...INFO, fee_type: 'ratio' as const, fee: '0.5', available: '100.5' };
    const a = allInAmount(ratio);
    expect(a + withdrawFee(a, 'ratio', '0.5')).toBeLessThanOrEqual(100_500_000n);
    expect(a).toBe(100_000_000n);
    expect(allInAmount({ ...INFO, max_amount: '20' })).toBe(20_000_000n);
    expect(allInAmount({ ...INFO, available: '0.5' })).toBe(0n);
  });
});

const order = () => rechargeOrderWire({ address: TRON_A });

/** A channel exactly as POST /api/pay/channel sends it (channels.wire payChannelWire). */
const CHANNEL = {
  id: 7,
  name: 'iPay',
  icon: '',
  min_amount: '50',
  max_amount: '5000',
  fee_fixed: '1',
  fee_rate: '1.5',
  currency: 'CNY',
  rate: '7.2',
};

describe('recharge', () => {
  it('checks the minimum of 20 before sending anything', async () => {
    const { calls } = stubFetch((url) => (url.pathname === '/api/pay/channel' ? ok([]) : undefined));
    renderRoutes([{ path: '/recharge', element: <RechargePage /> }], ['/recharge']);
    fireEvent.click(await screen.findByRole('button', { name: '立即充值' }, WAIT));
    toasted('请输入金额');
    typeInto('充值金额', '19.9999');
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    toasted('最低充值金额为20 USDT');
    expect(calls.some((c) => c.url.pathname === '/api/plat/recharge')).toBe(false);
  });

  it('opens the deposit popup, copies the address, follows the order to its credit', async () => {
    let status = 2;
    let balance = '10.0000';
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, onLine: true });
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/pay/channel') return ok([CHANNEL]);
      if (url.pathname === '/api/plat/recharge') return ok(order());
      if (url.pathname === '/api/plat/recharge/D1')
        return ok({ ...order(), status, tx_id: null, completed_at: null });
      if (url.pathname === '/api/plat/info') return ok({ ...USER, balance });
      return undefined;
    });
    renderRoutes([{ path: '/recharge', element: <RechargePage /> }], ['/recharge']);
    expect(await screen.findByText('iPay', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('单笔50-5000 · 手续费1 USDT + 1.5% · 汇率1:7.2 CNY')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '100' }));
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    expect(await screen.findByTestId('deposit-address', undefined, WAIT)).toHaveTextContent(TRON_A);
    expect(body(calls.find((c) => c.url.pathname === '/api/plat/recharge')!.init)).toEqual({ amount: '100' });
    expect(screen.getByTestId('deposit-actual')).toHaveTextContent('100.0001 USDT');
    expect(screen.getByTestId('deposit-countdown').textContent).toMatch(/^1[45]:\d\d$/);
    expect(screen.getByText('TRC20')).toBeInTheDocument();
    expect(screen.getByText(/仅支持TRON（TRC20）网络资产/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('金额不符或超时将导致充值失败');
    expect(screen.getByAltText('收款地址二维码')).toHaveAttribute('src', order().qrcode);
    fireEvent.click(screen.getAllByRole('button', { name: '复制' })[0]!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TRON_A));
    await waitFor(() => toasted('复制成功'));
    status = 1;
    balance = '110.0001';
    expect(await screen.findByTestId('deposit-success', undefined, { timeout: 8000 })).toHaveTextContent(
      '充值成功，已到账 100.0001 USDT',
    );
    await waitFor(() => expect(screen.getByTestId('deposit-success')).toHaveTextContent('110.0001'), WAIT);
    // The credited order is not offered again behind its success view.
    expect(screen.queryByRole('button', { name: /查看未完成订单/ })).toBeNull();
  }, 15_000);

  it('shows an expired order as expired, and reopens an open order from the screen', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/pay/channel') return ok([]);
      if (url.pathname === '/api/plat/recharge') return ok(order());
      if (url.pathname === '/api/plat/recharge/D1')
        return ok({ ...order(), status: 3, tx_id: null, completed_at: null });
      return undefined;
    });
    renderRoutes([{ path: '/recharge', element: <RechargePage /> }], ['/recharge']);
    fireEvent.change(await findField('充值金额'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    expect(await screen.findByTestId('deposit-expired', undefined, WAIT)).toHaveTextContent('订单已过期');
  });

  it('shows the server refusal of an order as a toast (e.g. the deposits endpoint missing)', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/pay/channel') return ok([]);
      if (url.pathname === '/api/plat/recharge')
        return fail(4006, '超出您设置的每日充值限额，本期还可充值0 USDT');
      return undefined;
    });
    renderRoutes([{ path: '/recharge', element: <RechargePage /> }], ['/recharge']);
    fireEvent.change(await findField('充值金额'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    await waitFor(() => toasted('超出您设置的每日充值限额，本期还可充值0 USDT'), WAIT);
    expect(screen.queryByTestId('deposit-address')).toBeNull();
  });
});

const ALL_TYPES = [
  { type: '1', name: 'USDT-TRC20' },
  { type: '2', name: '转账钱包（手机号）' },
  { type: '3', name: '其他钱包' },
];

function addressServer(initial: Array<Record<string, unknown>>, types = ALL_TYPES) {
  let list = [...initial];
  let similarOnce = false;
  const stub = stubFetch((url, init) => {
    if (url.pathname === '/api/plat/address-list') return ok(list);
    if (url.pathname === '/api/plat/address-types') return ok(types);
    if (url.pathname === '/api/plat/bind-address') {
      const b = body(init);
      if (b.address === TRON_B && !b.confirm_similar && !similarOnce) {
        similarOnce = true;
        return fail(
          5008,
          `新地址 ${TRON_B} 与您用过的地址 ${TRON_A} 首尾各4位相同，可能是诈骗者伪造的相似地址。`,
        );
      }
      const row = {
        id: list.length + 10,
        type: b.type,
        address: b.address,
        area: b.area ?? '',
        phone: '',
        created_at: '',
        usable_at: '',
      };
      list = [...list, row];
      return ok(row);
    }
    if (url.pathname === '/api/plat/del-address') {
      list = list.filter((a) => String(a.id) !== body(init).address_id);
      return ok(true);
    }
    return undefined;
  });
  return stub;
}
const SAVED = { id: 1, type: '1', address: TRON_A, area: '', phone: '', created_at: '', usable_at: '' };

describe('withdrawal address panel', () => {
  it('lists type labels and +area, refuses a duplicate without sending, adds and clears the dialog', async () => {
    const { calls } = addressServer([
      SAVED,
      { ...SAVED, id: 2, type: '2', address: '12345678', area: '855' },
    ]);
    renderRoutes([{ path: '/', element: <AddressPanel visible onClose={() => undefined} /> }]);
    expect(await screen.findByText('+855 12345678', undefined, WAIT)).toBeInTheDocument();
    expect(screen.getByText('修改提现地址')).toBeInTheDocument();
    expect(screen.getAllByText('TRC(20)').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '添加地址' }));
    expect(await screen.findByText(/安全提示/, undefined, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    toasted('有未填选项');
    typeInto('地址', TRON_A);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    toasted('不能重复添加');
    expect(calls.some((c) => c.url.pathname === '/api/plat/bind-address')).toBe(false);
    // Type 2 asks for area and phone; changing the type clears what was typed.
    typeInto('地址类型', '2');
    expect(screen.queryAllByLabelText('地址')).toHaveLength(0);
    expect(field('手机号码')).toHaveValue('');
    typeInto('区号', '+855');
    typeInto('手机号码', '12345678');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    toasted('不能重复添加');
    typeInto('手机号码', '87654321');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('+855 87654321', undefined, WAIT)).toBeInTheDocument();
    toasted('添加成功');
    const sent = calls.filter((c) => c.url.pathname === '/api/plat/bind-address');
    expect(sent).toHaveLength(1);
    expect(body(sent[0]!.init)).toMatchObject({ type: '2', area: '855', address: '87654321' });
    fireEvent.click(screen.getByRole('button', { name: '添加地址' }));
    await waitFor(() => expect(field('地址')).toHaveValue(''), WAIT);
  });

  it('offers only the address types an operator enabled, under the operator’s names', async () => {
    addressServer([], [ALL_TYPES[0]!, { type: '3', name: 'OKX 钱包' }]);
    renderRoutes([{ path: '/', element: <AddressPanel visible onClose={() => undefined} /> }]);
    expect(await screen.findByText('暂无提现地址', undefined, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '添加地址' }));
    const select = await findField('地址类型');
    await waitFor(
      () =>
        expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
          'TRC(20)',
          'OKX 钱包',
        ]),
      WAIT,
    );
  });

  it('warns of a look-alike address with both side by side and adds only after confirming', async () => {
    const { calls } = addressServer([]);
    renderRoutes([{ path: '/', element: <AddressPanel visible onClose={() => undefined} /> }]);
    expect(await screen.findByText('暂无提现地址', undefined, WAIT)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '添加地址' }));
    fireEvent.change(await findField('地址'), { target: { value: TRON_B } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByTestId('similar-new', undefined, WAIT)).toHaveTextContent(TRON_B);
    expect(screen.getByTestId('similar-old')).toHaveTextContent(TRON_A);
    fireEvent.click(screen.getByRole('button', { name: '核对无误，确认添加' }));
    await waitFor(() => toasted('添加成功'), WAIT);
    const sent = calls.filter((c) => c.url.pathname === '/api/plat/bind-address');
    expect(sent.map((c) => body(c.init).confirm_similar)).toEqual([undefined, '1']);
  });

  it('asks before deleting, does nothing on cancel, and deletes on confirm', async () => {
    const { calls } = addressServer([SAVED]);
    // antd-mobile's imperative dialog is stubbed (as in the personal centre tests): cancel, then confirm.
    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(false);
    renderRoutes([{ path: '/', element: <AddressPanel visible onClose={() => undefined} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: '删除' }, WAIT));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: '确定要删除吗？', cancelText: '取消', confirmText: '确定' }),
    );
    expect(calls.some((c) => c.url.pathname === '/api/plat/del-address')).toBe(false);
    const options = confirm.mock.calls[0]![0];
    await options.onConfirm?.();
    await waitFor(() => toasted('删除成功'), WAIT);
    expect(body(calls.find((c) => c.url.pathname === '/api/plat/del-address')!.init)).toEqual({
      address_id: '1',
      address: TRON_A,
    });
    expect(await screen.findByText('暂无提现地址', undefined, WAIT)).toBeInTheDocument();
  });
});

describe('withdrawal password panel', () => {
  /** User info with the password set or not; `update` is the server's answer to a modification. */
  function serve(
    setPassword: boolean,
    update: { status?: number; body: unknown } = fail(5013, '提现密码错误，还可尝试4次'),
  ) {
    let isSet = setPassword;
    return stubFetch((url) => {
      if (url.pathname === '/api/plat/info') return ok({ ...USER, set_password: isSet });
      if (url.pathname === '/api/plat/set-password') {
        isSet = true;
        return ok(true);
      }
      if (url.pathname === '/api/plat/update-password') return update;
      return undefined;
    });
  }
  function openPanel() {
    const onClose = vi.fn();
    renderRoutes([{ path: '/', element: <PasswordPanel visible onClose={onClose} /> }]);
    return onClose;
  }
  /** Types the passwords given into the panel's fields and taps 提交. */
  function submit(passwords: { old?: string; fresh?: string; confirm?: string }) {
    if (passwords.old !== undefined) typeInto('原提现密码', passwords.old);
    if (passwords.fresh !== undefined) typeInto('新提现密码', passwords.fresh);
    if (passwords.confirm !== undefined) typeInto('确认提现密码', passwords.confirm);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
  }

  it('set mode: mismatch is refused locally, success toasts and reloads user info', async () => {
    const api = serve(false);
    const onClose = openPanel();
    expect(await screen.findByText('设置提现密码', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByLabelText('原提现密码')).toBeNull();
    submit({});
    toasted('有未填选项');
    submit({ fresh: 'abcd1234', confirm: 'abcd12345' });
    toasted('提现密码与确认密码不一致');
    expect(api.sent('/api/plat/set-password')).toBe(false);
    submit({ confirm: 'abcd1234' });
    await waitFor(() => toasted('设置成功'), WAIT);
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(api.to('/api/plat/info').length).toBeGreaterThanOrEqual(2), WAIT);
    // With the password set, the same panel is now in modify mode.
    expect(await screen.findByText('修改提现密码', undefined, WAIT)).toBeInTheDocument();
  });

  it('modify mode refuses empty fields and a mismatch, then modifies, clears the inputs and reloads user info', async () => {
    const api = serve(true, ok(true));
    const onClose = openPanel();
    expect(await screen.findByText('修改提现密码', undefined, WAIT)).toBeInTheDocument();
    submit({ fresh: 'newpass12', confirm: 'newpass12' });
    toasted('有未填选项');
    submit({ old: 'oldpass12', confirm: 'newpass13' });
    toasted('提现密码与确认密码不一致');
    expect(api.sent('/api/plat/update-password')).toBe(false);
    typeInto('确认提现密码', 'newpass12');
    const infosBefore = api.to('/api/plat/info').length;
    submit({});
    await waitFor(() => toasted('修改成功'), WAIT);
    expect(onClose).toHaveBeenCalled();
    for (const label of ['原提现密码', '新提现密码', '确认提现密码']) expect(field(label).value).toBe('');
    await waitFor(() => expect(api.to('/api/plat/info').length).toBeGreaterThan(infosBefore), WAIT);
  });

  it('modify mode sends old and new passwords and shows the server refusal', async () => {
    const api = serve(true);
    openPanel();
    await findField('原提现密码');
    submit({ old: 'oldpass12', fresh: 'newpass12', confirm: 'newpass12' });
    await waitFor(() => toasted('提现密码错误，还可尝试4次'), WAIT);
    expect(body(api.to('/api/plat/update-password')[0]!.init)).toEqual({
      old_password: 'oldpass12',
      new_password: 'newpass12',
    });
  });
});

describe('withdrawal', () => {
  function serve(info: WithdrawInfo, list: unknown[]) {
    return stubFetch((url, init) => {
      if (url.pathname === '/api/plat/info') return ok({ ...USER, set_password: info.password_set });
      if (url.pathname === '/api/plat/withdraw-info') return ok(info);
      if (url.pathname === '/api/plat/address-list') return ok(list);
      if (url.pathname === '/api/plat/withdraw-apply') {
        const b = body(init);
        if (b.password !== 'goodpass1') return fail(5013, '提现密码错误，还可尝试4次');
        return ok({
          id: 1,
          request_id: b.request_id,
          amount: `${b.amount}.000000`,
          fee: '1.000000',
          total: '51.000000',
          address_type: '1',
          address: TRON_A,
          area: '',
          state: 'applied',
          status: 2,
          tx_hash: null,
          reason: null,
          created_at: '',
          updated_at: '',
        });
      }
      return undefined;
    });
  }

  /** Opens the withdrawal tab over `serve(info, list)`, and returns what the server was sent. */
  function openWithdraw(info: WithdrawInfo, list: unknown[]) {
    const served = serve(info, list);
    renderRoutes([{ path: '/recharge', element: <RechargePage /> }], ['/recharge?type=withdraw']);
    return served;
  }

  /** Presses 全部 and returns the amount field it fills. */
  function allIn() {
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    return field('提现金额');
  }

  /** Asks for a withdrawal of `amount`: types it into the amount field and presses 立即提现. */
  function withdraw(amount: string) {
    typeInto('提现金额', amount);
    fireEvent.click(screen.getByRole('button', { name: '立即提现' }));
  }

  it('without a withdrawal password opens the set-password panel', async () => {
    openWithdraw({ ...INFO, password_set: false }, [SAVED]);
    fireEvent.click(await screen.findByRole('button', { name: '立即提现' }, WAIT));
    toasted('请先设置提现密码');
    expect(await screen.findByRole('dialog', { name: '设置提现密码' }, WAIT)).toBeInTheDocument();
  });

  it('without an address opens the address panel', async () => {
    openWithdraw(INFO, []);
    fireEvent.click(await screen.findByRole('button', { name: '立即提现' }, WAIT));
    toasted('请先添加提现地址');
    expect(await screen.findByRole('dialog', { name: '修改提现地址' }, WAIT)).toBeInTheDocument();
  });

  it('while turnover is open shows 0 withdrawable with the turnover left, and refuses before the password', async () => {
    const { calls } = openWithdraw({ ...INFO, turnover_remaining: '12.5' }, [SAVED]);
    expect(await screen.findByTestId('withdraw-available', undefined, WAIT)).toHaveTextContent('0.0000');
    expect(screen.getByText('可提现金额')).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-available-turnover')).toHaveTextContent('剩余流水 12.5000 USDT');
    expect(screen.getByTestId('withdraw-turnover')).toHaveTextContent('12.5000 USDT');
    expect(allIn()).toHaveValue('0');
    withdraw('50');
    toasted('还需完成12.5000 USDT有效投注（流水）才能提现');
    expect(screen.queryByText('请输入提现密码')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/plat/withdraw-apply')).toBe(false);
  });

  it('shows balance, fee, limits and turnover, checks the amount, asks the password, then shows the hold', async () => {
    const { calls } = openWithdraw({ ...INFO, turnover_remaining: '0' }, [SAVED]);
    expect(await screen.findByTestId('withdraw-available', undefined, WAIT)).toHaveTextContent('150.0000');
    expect(screen.queryByTestId('withdraw-available-turnover')).toBeNull();
    expect(screen.getByTestId('withdraw-turnover')).toHaveTextContent('0.0000 USDT');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('1.0000 USDT');
    expect(allIn()).toHaveValue('149');
    withdraw('12.1234567');
    toasted('最多4位小数');
    withdraw('5');
    toasted('单笔提现金额不能低于10 USDT');
    withdraw('149.5');
    toasted('余额不足（含手续费）');
    withdraw('50');
    fireEvent.change(await findField('提现密码'), {
      target: { value: 'badpass1' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() => toasted('提现密码错误，还可尝试4次'), WAIT);
    typeInto('提现密码', 'goodpass1');
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    const done = await screen.findByTestId('withdraw-done', undefined, WAIT);
    expect(done).toHaveTextContent('51.0000 USDT');
    expect(done).toHaveTextContent('待审核');
    const applies = calls
      .filter((c) => c.url.pathname === '/api/plat/withdraw-apply')
      .map((c) => body(c.init));
    expect(applies[1]).toMatchObject({ amount: '50', address_id: '1', password: 'goodpass1' });
    // A refused attempt ends; the next one gets its own request id.
    expect(applies[0]!.request_id).not.toBe(applies[1]!.request_id);
  });
});

function channelOrder(extra: Record<string, unknown> = {}) {
  return {
    order_id: 'P20261123ABCDEF0123',
    channel_id: 7,
    channel_name: 'iPay',
    amount: '100.0000',
    fee: '2.5000',
    actual_amount: '97.5000',
    currency: 'CNY',
    rate: '7.2',
    pay_amount: '720.00',
    pay_url: 'http://pay.test/payments/pay/C1',
    status: 2,
    created_at: '2026-11-23T00:00:00.000Z',
    completed_at: null,
    ...extra,
  };
}

describe('recharge through a payment channel', () => {
  it('shows limits, fee and rate from the list, checks the limits, quotes, and opens the hosted page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/pay/channel')
        return ok([
          CHANNEL,
          { ...CHANNEL, id: 8, name: 'U', fee_fixed: '0', fee_rate: '0', currency: 'USDT', rate: '1' },
        ]);
      if (url.pathname === '/api/plat/iPay/rechargeOrder') return ok(channelOrder());
      return undefined;
    });
    renderRoutes([{ path: '/recharge', element: <RechargePage /> }], ['/recharge']);
    fireEvent.click(await screen.findByRole('radio', { name: /iPay/ }, WAIT));
    expect(screen.getByText('单笔50-5000 · 手续费1 USDT + 1.5% · 汇率1:7.2 CNY')).toBeInTheDocument();
    // A USDT channel without a fee says so and shows no rate.
    expect(screen.getByText('单笔50-5000 · 免手续费')).toBeInTheDocument();
    typeInto('充值金额', '20');
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    toasted('该通道单笔充值金额为50-5000 USDT');
    typeInto('充值金额', '5000.01');
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    expect(calls.some((c) => c.url.pathname === '/api/plat/iPay/rechargeOrder')).toBe(false);
    typeInto('充值金额', '100');
    // 1 + 1.5% of 100 = 2.5 fee; 100 × 7.2 = 720.00 CNY, as the server computes it.
    expect(screen.getByTestId('channel-quote')).toHaveTextContent(
      '手续费 2.5 USDT，到账 97.5 USDT，需支付 720.00 CNY',
    );
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://pay.test/payments/pay/C1'), WAIT);
    expect(body(calls.find((c) => c.url.pathname === '/api/plat/iPay/rechargeOrder')!.init)).toEqual({
      amount: '100',
      channel_id: '7',
    });
  });

  it('quotes a fiat amount rounded up to the cent, never short', () => {
    expect(channelQuote(33_333_333n, CHANNEL)).toEqual({
      fee: 1_500_000n,
      credit: 31_833_333n,
      pay: '240.00',
    });
    expect(channelQuote(20_000_100n, { ...CHANNEL, rate: '7.123456' })!.pay).toBe('142.47');
    expect(channelQuote(20_000_000n, { ...CHANNEL, currency: 'USDT', rate: '1' })!.pay).toBe('20.0000');
  });
});

describe('channel result screen', () => {
  const route = (id = 'P20261123ABCDEF0123') => ['/recharge?channel_order=' + id];
  const routes = [
    { path: '/recharge', element: <RechargePage /> },
    { path: '/rechargeRecords', element: <p>records page</p> },
  ];

  it('waits while pending (polling), then shows the credit and the new balance', async () => {
    let status = 2;
    let balance = '10.0000';
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/plat/iPay/order/P20261123ABCDEF0123')
        return ok(channelOrder({ status, pay_url: status === 2 ? 'http://pay.test/p' : null }));
      if (url.pathname === '/api/plat/info') return ok({ ...USER, balance });
      return undefined;
    });
    renderRoutes(routes, route());
    const pending = await screen.findByTestId('channel-result-pending', undefined, WAIT);
    expect(pending).toHaveTextContent('支付结果确认中');
    expect(pending).toHaveTextContent('97.5000 USDT');
    expect(pending).toHaveTextContent('720.00 CNY');
    expect(screen.getByRole('link', { name: '尚未付款？返回支付页面' })).toHaveAttribute(
      'href',
      'http://pay.test/p',
    );
    status = 1;
    balance = '107.5000';
    const paid = await screen.findByTestId('channel-result-paid', undefined, { timeout: 8000 });
    expect(paid).toHaveTextContent('充值成功');
    await waitFor(() => expect(paid).toHaveTextContent('当前余额：107.5000 USDT'), WAIT);
    const asked = calls.filter((c) => c.url.pathname.startsWith('/api/plat/iPay/order/')).length;
    expect(asked).toBeGreaterThanOrEqual(2);
    // Polling stops once the order ended.
    await new Promise((r) => setTimeout(r, 3500));
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/plat/iPay/order/')).length).toBe(asked);
  }, 20_000);

  it('shows a failed or expired order, and leads back to 充值 and to the records', async () => {
    stubFetch((url) => {
      if (url.pathname.startsWith('/api/plat/iPay/order/'))
        return ok(channelOrder({ status: 3, pay_url: null }));
      if (url.pathname === '/api/pay/channel') return ok([CHANNEL]);
      return undefined;
    });
    const { router } = renderRoutes(routes, route());
    const failed = await screen.findByTestId('channel-result-failed', undefined, WAIT);
    expect(failed).toHaveTextContent('支付失败或订单已过期');
    expect(failed).toHaveTextContent('P20261123ABCDEF0123');
    fireEvent.click(screen.getByRole('button', { name: '返回充值' }));
    expect(await screen.findByRole('button', { name: '立即充值' }, WAIT)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await router.navigate('/recharge?channel_order=P20261123ABCDEF0123');
    fireEvent.click(await screen.findByRole('button', { name: '查看充提记录' }, WAIT));
    expect(await screen.findByText('records page', undefined, WAIT)).toBeInTheDocument();
  });

  it("shows the server's refusal for an order that is not the player's, with the way back", async () => {
    stubFetch((url) =>
      url.pathname.startsWith('/api/plat/iPay/order/') ? fail(4007, '充值订单不存在') : undefined,
    );
    renderRoutes(routes, route('P-OTHER'));
    const error = await screen.findByTestId('channel-result-error', undefined, WAIT);
    expect(error).toHaveTextContent('充值订单不存在');
    expect(screen.getByRole('button', { name: '返回充值' })).toBeInTheDocument();
  });
});
