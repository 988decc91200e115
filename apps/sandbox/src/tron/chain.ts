import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addressFromSeed, ZERO_ADDRESS } from './address';

/**
 * A small TRON chain for the sandbox: TRC20 transfers only, one block producer, no forks.
 *
 * A transaction carries one or more Transfer events (a batch transfer has several, each its own record in
 * TronGrid's TRC20 list). It is accepted into the pending pool when submitted (balances move at once, so two
 * concurrent spends cannot both pass the balance check: Node runs one callback at a time and `submit` never
 * awaits), enters the next block when one is produced, and counts as confirmed (TRON's "solidified") once
 * `confirmations` blocks sit on top of its block.
 *
 * Persistence is an append-only JSON-lines log (`tron-chain.jsonl`): one line per accepted transaction and
 * one per produced block. Replaying it rebuilds the same chain, so a restart keeps every transfer, the head
 * height (confirmations never go backwards) and the balances. Appends are synchronous and tiny, so a crash
 * loses at most the line being written, and a transaction is on disk before its submitter hears of it.
 */

export interface TokenInfo {
  symbol: string;
  address: string;
  decimals: number;
  name: string;
}

export interface TransferEvent {
  token: string;
  from: string;
  to: string;
  value: bigint;
}

export interface ChainTx {
  id: string;
  events: TransferEvent[];
  /** Height of the block that holds it; null while pending. */
  block: number | null;
  /** Position within its block. */
  index: number;
}

export interface BlockHeader {
  number: number;
  timestamp: number;
  txIds: string[];
}

/** One TRC20 Transfer event as the account history sees it. */
export interface TransferRecord {
  tx: ChainTx;
  event: TransferEvent;
  eventIndex: number;
  block: BlockHeader;
  /** Total order of records: block, then transaction, then event. */
  seq: number;
}

type LogLine =
  | { t: 'tx'; id: string; events: { token: string; from: string; to: string; value: string }[] }
  | { t: 'block'; number: number; timestamp: number; txIds: string[] };

const LOG_FILE = 'tron-chain.jsonl';

export class InsufficientBalance extends Error {}

export function createChain(opts: { dataDir: string; confirmations: number; usdtContract: string }) {
  const tokens = new Map<string, TokenInfo>([
    [opts.usdtContract, { symbol: 'USDT', address: opts.usdtContract, decimals: 6, name: 'Tether USD' }],
  ]);
  // Same symbol, name and decimals as USDT at a different contract address: the classic fake-deposit token.
  const lookalikeContract = addressFromSeed('lookalike-usdt');
  tokens.set(lookalikeContract, {
    symbol: 'USDT',
    address: lookalikeContract,
    decimals: 6,
    name: 'Tether USD',
  });

  const logPath = path.join(opts.dataDir, LOG_FILE);
  let txs = new Map<string, ChainTx>();
  let pending: string[] = [];
  let balances = new Map<string, bigint>();
  let head: BlockHeader = { number: 0, timestamp: Date.now(), txIds: [] };
  // Every block's timestamp by height (the log keeps empty blocks too, so confirmations survive restarts).
  let timestamps: number[] = [head.timestamp];
  // Records per account, in seq order (appended as blocks are produced).
  let history = new Map<string, TransferRecord[]>();

  const balanceKey = (token: string, address: string) => `${token}:${address}`;
  const balanceOf = (token: string, address: string) => balances.get(balanceKey(token, address)) ?? 0n;

  function applyTx(id: string, events: TransferEvent[]): ChainTx {
    for (const e of events) {
      if (e.from !== ZERO_ADDRESS)
        balances.set(balanceKey(e.token, e.from), balanceOf(e.token, e.from) - e.value);
      balances.set(balanceKey(e.token, e.to), balanceOf(e.token, e.to) + e.value);
    }
    const tx: ChainTx = { id, events, block: null, index: 0 };
    txs.set(id, tx);
    pending.push(id);
    return tx;
  }

  function applyBlock(header: BlockHeader) {
    header.txIds.forEach((id, index) => {
      const tx = txs.get(id)!;
      tx.block = header.number;
      tx.index = index;
      tx.events.forEach((event, eventIndex) => {
        const record: TransferRecord = {
          tx,
          event,
          eventIndex,
          block: header,
          seq: header.number * 1_000_000 + index * 1000 + eventIndex,
        };
        const touched = event.from === event.to ? [event.from] : [event.from, event.to];
        for (const account of touched) {
          const list = history.get(account) ?? [];
          list.push(record);
          history.set(account, list);
        }
      });
    });
    const included = new Set(header.txIds);
    pending = pending.filter((id) => !included.has(id));
    timestamps[header.number] = header.timestamp;
    head = header;
  }

  function append(line: LogLine) {
    fs.appendFileSync(logPath, `${JSON.stringify(line)}\n`);
  }

  function load() {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    if (!fs.existsSync(logPath)) return;
    for (const raw of fs.readFileSync(logPath, 'utf8').split('\n')) {
      if (!raw.trim()) continue;
      let line: LogLine;
      try {
        line = JSON.parse(raw) as LogLine;
      } catch {
        // A line cut short by a crash mid-append: everything before it is intact, nothing after it exists.
        break;
      }
      if (line.t === 'tx')
        applyTx(
          line.id,
          line.events.map((e) => ({ ...e, value: BigInt(e.value) })),
        );
      else applyBlock({ number: line.number, timestamp: line.timestamp, txIds: line.txIds });
    }
    // The genesis block has no line of its own; it sits just before block 1.
    if (timestamps[1] !== undefined) timestamps[0] = timestamps[1] - 1;
  }
  load();

  const newTxId = () => createHash('sha256').update(randomBytes(32)).digest('hex');

  return {
    usdtContract: opts.usdtContract,
    lookalikeContract,
    confirmations: opts.confirmations,
    tokenInfo: (address: string) => tokens.get(address),
    isToken: (address: string) => tokens.has(address),
    balanceOf,
    head: () => head,
    blockTimestamp: (number: number) => timestamps[number] ?? head.timestamp,
    /** The newest block that counts as confirmed (solidified). */
    solidHead: () => Math.max(0, head.number - opts.confirmations),
    isConfirmed: (block: number) => block <= head.number - opts.confirmations,
    tx: (id: string) => txs.get(id),
    pendingCount: () => pending.length,

    /**
     * Accepts a transaction into the pool. Every sender must hold the amount (summed over the transaction's
     * events); mints (from the zero address) need nothing. Throws InsufficientBalance and changes nothing.
     */
    submit(events: TransferEvent[]): ChainTx {
      const need = new Map<string, bigint>();
      for (const e of events) {
        if (e.value <= 0n) throw new Error('a transfer moves a positive amount');
        if (!tokens.has(e.token)) throw new Error(`unknown token ${e.token}`);
        if (e.from === ZERO_ADDRESS) continue;
        const key = balanceKey(e.token, e.from);
        need.set(key, (need.get(key) ?? 0n) + e.value);
      }
      for (const [key, amount] of need)
        if ((balances.get(key) ?? 0n) < amount) throw new InsufficientBalance(`balance too low for ${key}`);
      const id = newTxId();
      append({ t: 'tx', id, events: events.map((e) => ({ ...e, value: e.value.toString() })) });
      return applyTx(id, events);
    },

    /**
     * Produces one block holding every pending transaction. Timestamps strictly increase even when tests
     * produce many blocks in the same millisecond.
     */
    mine(): BlockHeader {
      const header: BlockHeader = {
        number: head.number + 1,
        timestamp: Math.max(Date.now(), head.timestamp + 1),
        txIds: [...pending],
      };
      append({ t: 'block', ...header });
      applyBlock(header);
      return header;
    },

    /** Records touching an account, oldest first (the caller filters, orders and pages). */
    history: (account: string): readonly TransferRecord[] => history.get(account) ?? [],

    /** Forgets everything, on disk too (tests). */
    reset() {
      fs.rmSync(logPath, { force: true });
      txs = new Map();
      pending = [];
      balances = new Map();
      history = new Map();
      head = { number: 0, timestamp: Date.now(), txIds: [] };
      timestamps = [head.timestamp];
    },
  };
}

export type Chain = ReturnType<typeof createChain>;

/** TRON block ids start with the height (8 bytes) followed by 24 bytes of the block hash. */
export function blockId(number: number): string {
  const hash = createHash('sha256').update(`koi-sandbox-block:${number}`).digest('hex');
  return number.toString(16).padStart(16, '0') + hash.slice(16);
}
