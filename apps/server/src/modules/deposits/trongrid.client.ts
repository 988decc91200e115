import bs58check from 'bs58check';
import type { Config } from '../../config';

/**
 * The one client of TronGrid's HTTP API (decision 19). In development and tests its base URL is the sandbox
 * TRON node; in production `https://api.trongrid.io`. Nothing here knows which.
 */

/** One TRC20 record of `/v1/accounts/{address}/transactions/trc20`. */
export interface Trc20Record {
  txId: string;
  tokenContract: string;
  tokenSymbol: string;
  decimals: number;
  from: string;
  to: string;
  value: bigint;
  blockTimestampMs: number;
}

/** One Transfer event of `/v1/transactions/{id}/events`, with its authoritative event index. */
export interface TransferEvent {
  eventIndex: number;
  contract: string;
  from: string;
  to: string;
  value: bigint;
  blockTimestampMs: number;
  confirmed: boolean;
}

export interface Trc20Page {
  records: Trc20Record[];
  /** The next page's fingerprint; null on the last page. */
  next: string | null;
}

/** The chain as the watcher sees it; one implementation per data source (TronGrid today). */
export interface ChainSource {
  /** Confirmed incoming transfers of `contract` to `address`, oldest first, from `minTimestampMs` on. */
  incoming(
    address: string,
    q: { contract: string; minTimestampMs: number; fingerprint: string | null; limit: number },
  ): Promise<Trc20Page>;
  /** The Transfer events of one transaction. */
  events(txId: string): Promise<TransferEvent[]>;
}

/** A failed call; `retryable` for 429, 5xx, timeouts and network errors (the watcher backs off). */
export class ChainSourceError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ChainSourceError';
  }
}

const TIMEOUT_MS = 8_000;

/** Event addresses come as `0x` + 40 hex (or `41…` hex); records use base58 `T…`. */
export function eventAddressToBase58(text: string): string {
  const hex = text.startsWith('0x') ? `41${text.slice(2)}` : text;
  if (!/^41[0-9a-fA-F]{40}$/.test(hex)) return text;
  return bs58check.encode(Buffer.from(hex, 'hex'));
}

export function createTronGridClient(cfg: NonNullable<Config['tron']>, timeoutMs = TIMEOUT_MS): ChainSource {
  const base = cfg.url!.replace(/\/$/, '');

  async function get(path: string): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { accept: 'application/json', ...(cfg.apiKey ? { 'TRON-PRO-API-KEY': cfg.apiKey } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ChainSourceError(`TronGrid unreachable: ${(error as Error).name}`, null, true);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ChainSourceError(
        `TronGrid HTTP ${res.status}`,
        res.status,
        res.status === 429 || res.status >= 500,
      );
    }
    try {
      return (await res.json()) as Record<string, unknown>;
    } catch {
      throw new ChainSourceError('TronGrid answered malformed JSON', res.status, true);
    }
  }

  return {
    async incoming(address, q) {
      const params = new URLSearchParams({
        only_confirmed: 'true',
        only_to: 'true',
        contract_address: q.contract,
        min_timestamp: String(q.minTimestampMs),
        limit: String(q.limit),
        order_by: 'block_timestamp,asc',
      });
      if (q.fingerprint) params.set('fingerprint', q.fingerprint);
      const body = await get(`/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${params}`);
      if (body.success !== true || !Array.isArray(body.data)) {
        throw new ChainSourceError('TronGrid answered without data', 200, true);
      }
      const records = (body.data as Record<string, unknown>[]).flatMap((r): Trc20Record[] => {
        const token = (r.token_info ?? {}) as Record<string, unknown>;
        if (
          typeof r.transaction_id !== 'string' ||
          typeof r.value !== 'string' ||
          !/^\d{1,40}$/.test(r.value)
        )
          return [];
        return [
          {
            txId: r.transaction_id,
            tokenContract: String(token.address ?? ''),
            tokenSymbol: String(token.symbol ?? ''),
            decimals: Number(token.decimals ?? 0),
            from: String(r.from ?? ''),
            to: String(r.to ?? ''),
            value: BigInt(r.value),
            blockTimestampMs: Number(r.block_timestamp),
          },
        ];
      });
      const meta = (body.meta ?? {}) as Record<string, unknown>;
      return { records, next: typeof meta.fingerprint === 'string' ? meta.fingerprint : null };
    },

    async events(txId) {
      const body = await get(`/v1/transactions/${encodeURIComponent(txId)}/events`);
      if (body.success !== true || !Array.isArray(body.data)) {
        throw new ChainSourceError('TronGrid answered without events', 200, true);
      }
      return (body.data as Record<string, unknown>[])
        .filter((e) => e.event_name === 'Transfer')
        .map((e) => {
          const result = (e.result ?? {}) as Record<string, unknown>;
          return {
            eventIndex: Number(e.event_index),
            contract: eventAddressToBase58(String(e.contract_address ?? '')),
            from: eventAddressToBase58(String(result.from ?? '')),
            to: eventAddressToBase58(String(result.to ?? '')),
            value: BigInt(String(result.value ?? '0')),
            blockTimestampMs: Number(e.block_timestamp),
            confirmed: e._unconfirmed !== true,
          };
        });
    },
  };
}
