import fs from 'node:fs';
import path from 'node:path';

export interface PayoutRecord {
  key: string;
  to: string;
  /** Micro-USDT as a decimal string. */
  amountMicro: string;
  /** The chain transaction; null when the payout definitely failed (nothing was sent). */
  txHash: string | null;
  reason: string | null;
  createdAt: number;
}

const FILE = 'payout-transfers.jsonl';

/**
 * Payouts by idempotency key, in memory and in an append-only log (`SANDBOX_DATA_DIR/payout-transfers.jsonl`),
 * written synchronously before the caller hears of the payout, so a restart never forgets a key and can
 * never send for it again.
 */
export function createPayoutStore(dataDir: string) {
  const file = path.join(dataDir, FILE);
  let records = new Map<string, PayoutRecord>();
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line) as PayoutRecord;
        records.set(r.key, r);
      } catch {
        break; // a line cut short by a crash: nothing after it was ever acknowledged
      }
    }
  }
  return {
    get: (key: string) => records.get(key),
    all: () => [...records.values()],
    put(record: PayoutRecord) {
      fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
      records.set(record.key, record);
    },
    reset() {
      fs.rmSync(file, { force: true });
      records = new Map();
    },
  };
}

export type PayoutStore = ReturnType<typeof createPayoutStore>;
