import { Toast } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '../../test/render';
import { ok, renderRoutes, setUpScreenTests, stubFetch } from '../../test/utils';
import { rechargeOrderWire } from '../money/api/recharge.fixture';
import { DepositPopup } from '../money/components/DepositPopup';
import type { InoutRecord } from './api/records';
import RechargeRecordsPage from './pages/RechargeRecordsPage';

const WAIT = { timeout: 5000 };
const HASH = 'ab12'.repeat(16);
const form = (init: RequestInit) => new URLSearchParams(String(init.body));

function record(extra: Partial<InoutRecord>): InoutRecord {
  return {
    id: 'X',
    created_at: '2026-11-22T06:00:00.000Z',
    type: 2,
    type_name: '提现',
    channel: 'USDT-TRC20',
    amount: '50.0000',
    actual_amount: '0.0000',
    status: 2,
    tx_hash: null,
    reference: 'X',
    withdrawal_state: 'applied',
    reason: null,
    ...extra,
  };
}

setUpScreenTests();

/** Opens the records page over `rows` as the server's only page, and waits until every row is shown. */
async function showRecords(rows: InoutRecord[]) {
  const fetched = stubFetch((url) =>
    url.pathname === '/api/plat/inout-records'
      ? ok({ list: rows, total: rows.length, page: 1, size: 20 })
      : undefined,
  );
  renderRoutes([{ path: '/rechargeRecords', element: <RechargeRecordsPage /> }], ['/rechargeRecords']);
  await waitFor(() => expect(screen.getAllByTestId('inout-record')).toHaveLength(rows.length), WAIT);
  return fetched;
}

describe('rechargeRecords', () => {
  it('shows each manual payout step the server names, and nothing extra when the status says it all', async () => {
    const rows = [
      record({
        id: 'M1',
        channel: '转账钱包（手机号）',
        withdrawal_state: 'paying',
        step: '已付款，等待复核确认',
      }),
      record({ id: 'M2', status: 1, withdrawal_state: 'paid', step: '已完成（付款凭证：BANK-1）' }),
      record({ id: 'M3', withdrawal_state: 'applied', step: '待审核' }),
    ];
    await showRecords(rows);
    const [confirming, paid, review] = screen.getAllByTestId('inout-record');
    expect(confirming).toHaveTextContent('提现 · 转账钱包（手机号）');
    expect(within(confirming!).getByTestId('inout-step')).toHaveTextContent('已付款，等待复核确认');
    expect(within(paid!).getByTestId('inout-step')).toHaveTextContent('已完成（付款凭证：BANK-1）');
    expect(within(review!).queryByTestId('inout-step')).toBeNull();
  });

  it('shows a channel deposit as gross, fee and net, and a withdrawal with its fee and total debit', async () => {
    const rows = [
      record({
        id: 'C1',
        type: 1,
        type_name: '充值',
        channel: '沙盒收银台（人民币）',
        amount: '100.5000',
        fee: '1.0050',
        actual_amount: '99.4950',
        status: 1,
        withdrawal_state: null,
      }),
      record({ id: 'W1', amount: '50.0000', fee: '1.0000' }),
      record({ id: 'T1', type: 1, type_name: '充值', amount: '20.0000', fee: null, withdrawal_state: null }),
    ];
    await showRecords(rows);
    const [channel, withdrawal, trc20] = screen.getAllByTestId('inout-record');
    expect(channel).toHaveTextContent('+100.5000');
    expect(within(channel!).getByTestId('inout-fee')).toHaveTextContent(
      '通道手续费 1.0050 · 实际到账 99.4950',
    );
    expect(within(withdrawal!).getByTestId('inout-fee')).toHaveTextContent('手续费 1.0000 · 共扣除 51.0000');
    expect(within(trc20!).queryByTestId('inout-fee')).toBeNull();
  });

  it('lists deposits and withdrawals with their state colours, tx hash with copy, and the reject reason', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, onLine: true });
    const rows = [
      record({ id: 'W1', withdrawal_state: 'applied' }),
      record({ id: 'W2', withdrawal_state: 'paying' }),
      record({ id: 'W3', status: 1, withdrawal_state: 'paid', tx_hash: HASH, actual_amount: '50.0000' }),
      record({ id: 'W4', status: 3, withdrawal_state: 'rejected', reason: '地址与实名信息不符' }),
      record({ id: 'D1', type: 1, type_name: '充值', status: 1, withdrawal_state: null, amount: '100.0000' }),
      record({ id: 'D2', type: 1, type_name: '充值', status: 2, withdrawal_state: null }),
      record({ id: 'D3', type: 1, type_name: '充值', status: 3, withdrawal_state: null }),
    ];
    const { calls } = await showRecords(rows);
    const states = screen.getAllByTestId('inout-status').map((s) => [s.textContent, s.className]);
    expect(states).toEqual([
      ['待审核', 'inout-status inout-status--wait'],
      ['处理中', 'inout-status inout-status--busy'],
      ['已完成', 'inout-status inout-status--ok'],
      ['已驳回', 'inout-status inout-status--bad'],
      ['已到账', 'inout-status inout-status--ok'],
      ['待支付', 'inout-status inout-status--wait'],
      ['已过期', 'inout-status inout-status--bad'],
    ]);
    const [withdrawal, , paid, rejected, deposit] = screen.getAllByTestId('inout-record');
    expect(withdrawal).toHaveTextContent('-50.0000');
    expect(deposit).toHaveTextContent('+100.0000');
    expect(within(rejected!).getByRole('note')).toHaveTextContent('驳回原因：地址与实名信息不符');
    expect(within(paid!).getByTestId('inout-tx-hash')).toHaveTextContent(
      `${HASH.slice(0, 8)}…${HASH.slice(-8)}`,
    );
    fireEvent.click(within(paid!).getByRole('button', { name: '复制交易哈希' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(HASH));
    await waitFor(() =>
      expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: '复制成功' })),
    );
    // Only records with a hash offer to copy one.
    expect(screen.getAllByRole('button', { name: '复制交易哈希' })).toHaveLength(1);

    // The type tabs ask the server for withdrawals only.
    fireEvent.click(screen.getByRole('tab', { name: '提现' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/plat/inout-records' && form(c.init).get('type') === '2'),
      ).toBe(true),
    );
  });
});

describe('deposit popup sandbox link', () => {
  const order = rechargeOrderWire();

  it('links to the sandbox wallet prefilled when the server sends the link, and shows nothing otherwise', async () => {
    stubFetch(() => ok({ ...order, status: 2, tx_id: null, completed_at: null }));
    const url = 'http://127.0.0.1:8090/tron/wallet?to=TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7&amount=100.0001';
    const { unmount } = renderRoutes(
      [
        {
          path: '/',
          element: <DepositPopup order={{ ...order, sandbox_wallet_url: url }} visible onClose={() => {}} />,
        },
      ],
      ['/'],
    );
    const link = await screen.findByTestId('deposit-sandbox-link', undefined, WAIT);
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveTextContent('沙盒演示：在沙盒钱包中支付');
    unmount();
    renderRoutes([{ path: '/', element: <DepositPopup order={order} visible onClose={() => {}} /> }], ['/']);
    await screen.findByTestId('deposit-address', undefined, WAIT);
    expect(screen.queryByTestId('deposit-sandbox-link')).toBeNull();
  });
});
