import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxConfig } from '../config';
import { sleep } from '../http/server';
import { normaliseAddress, toEventHex } from './address';
import { blockId, type Chain, type TransferRecord } from './chain';
import { takeFault, type TronFaults } from './faults';

/**
 * TronGrid's HTTP API, the parts Koi uses (see README "TRON"): the TRC20 history of an account
 * (`/v1/accounts/:address/transactions/trc20`), a transaction's events with their `event_index`
 * (`/v1/transactions/:id/events`), and the head and solidified head (`/wallet/getnowblock`,
 * `/walletsolidity/getnowblock`). Errors answer TronGrid's `{ success: false, error, statusCode }`.
 */

const boolParam = (v: unknown) => v === true || v === 'true';
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 200;

function fail(reply: FastifyReply, statusCode: number, error: string) {
  return reply.status(statusCode).send({ success: false, error, statusCode });
}

/** The opaque page cursor: the position of the last record returned. */
const encodeFingerprint = (seq: number) => Buffer.from(`koi:${seq}`).toString('base64url');
function decodeFingerprint(fp: string): number | null {
  const m = /^koi:(\d+)$/.exec(Buffer.from(fp, 'base64url').toString());
  return m ? Number(m[1]) : null;
}

/** TronGrid accepts snake_case and camelCase query names; this reads either. */
function q(query: Record<string, string | undefined>, snake: string): string | undefined {
  const camel = snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return query[snake] ?? query[camel];
}

export function trongridRoutes(
  app: FastifyInstance,
  config: SandboxConfig,
  chain: Chain,
  faults: TronFaults,
  stats: { calls: number },
): void {
  const apiKey = config.tron.apiKey ? Buffer.from(config.tron.apiKey) : null;

  /** Key check, then the faults a test asked for. Answers true when the reply was already sent. */
  async function gate(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    stats.calls += 1;
    if (apiKey) {
      const given = Buffer.from(String(request.headers['tron-pro-api-key'] ?? ''));
      if (given.length !== apiKey.length || !timingSafeEqual(given, apiKey)) {
        fail(reply, 401, 'ApiKey not exists');
        return true;
      }
    }
    const fault = takeFault(faults);
    if (fault.fail) {
      fail(reply, fault.fail, fault.fail === 429 ? 'Too Many Requests' : 'Internal Server Error');
      return true;
    }
    if (fault.delayMs) await sleep(fault.delayMs);
    return false;
  }

  const record = (r: TransferRecord) => ({
    transaction_id: r.tx.id,
    token_info: chain.tokenInfo(r.event.token)!,
    block_timestamp: r.block.timestamp,
    from: r.event.from,
    to: r.event.to,
    type: 'Transfer',
    value: r.event.value.toString(),
  });

  app.get<{ Params: { address: string }; Querystring: Record<string, string | undefined> }>(
    '/v1/accounts/:address/transactions/trc20',
    async (request, reply) => {
      if (await gate(request, reply)) return reply;
      const account = normaliseAddress(request.params.address);
      if (!account) return fail(reply, 400, 'Invalid address');
      const query = request.query;
      const onlyConfirmed = boolParam(q(query, 'only_confirmed'));
      const onlyUnconfirmed = boolParam(q(query, 'only_unconfirmed'));
      if (onlyConfirmed && onlyUnconfirmed)
        return fail(reply, 400, 'only_confirmed and only_unconfirmed cannot be used together');
      const onlyTo = boolParam(q(query, 'only_to'));
      const onlyFrom = boolParam(q(query, 'only_from'));
      const contractParam = q(query, 'contract_address');
      const contract = contractParam === undefined ? null : normaliseAddress(contractParam);
      if (contractParam !== undefined && !contract) return fail(reply, 400, 'Invalid contract_address');
      const limitParam = q(query, 'limit') ?? String(DEFAULT_LIMIT);
      const limit = /^\d{1,4}$/.test(limitParam) ? Number(limitParam) : NaN;
      if (!(limit >= 1 && limit <= MAX_LIMIT)) return fail(reply, 400, `limit must be 1 to ${MAX_LIMIT}`);
      const minParam = q(query, 'min_timestamp') ?? q(query, 'min_block_timestamp');
      const maxParam = q(query, 'max_timestamp') ?? q(query, 'max_block_timestamp');
      const min = minParam === undefined ? 0 : Number(minParam);
      const max = maxParam === undefined ? Number.MAX_SAFE_INTEGER : Number(maxParam);
      if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || max < 0)
        return fail(reply, 400, 'min_timestamp and max_timestamp are milliseconds');
      const orderBy = q(query, 'order_by') ?? 'block_timestamp,desc';
      const m = /^(block_timestamp|timestamp),(asc|desc)$/.exec(orderBy);
      if (!m) return fail(reply, 400, 'order_by must be block_timestamp,asc or block_timestamp,desc');
      const ascending = m[2] === 'asc';
      const fpParam = q(query, 'fingerprint');
      const after = fpParam === undefined ? null : decodeFingerprint(fpParam);
      if (fpParam !== undefined && after === null) return fail(reply, 400, 'Invalid fingerprint');

      const matches = (r: TransferRecord) =>
        (!onlyConfirmed || chain.isConfirmed(r.block.number)) &&
        (!onlyUnconfirmed || !chain.isConfirmed(r.block.number)) &&
        // only_to and only_from are not exclusive: both (or neither) means either direction.
        (onlyTo === onlyFrom || (onlyTo ? r.event.to === account : r.event.from === account)) &&
        (!contract || r.event.token === contract) &&
        r.block.timestamp >= min &&
        r.block.timestamp <= max &&
        (after === null || (ascending ? r.seq > after : r.seq < after));

      const all = chain.history(account);
      const page: TransferRecord[] = [];
      let more = false;
      for (let i = 0; i < all.length; i += 1) {
        const r = all[ascending ? i : all.length - 1 - i]!;
        if (!matches(r)) continue;
        if (page.length === limit) {
          more = true;
          break;
        }
        page.push(r);
      }
      let data = page.map(record);
      if (faults.duplicateNext > 0) {
        faults.duplicateNext -= 1;
        data = data.flatMap((d) => [d, { ...d }]);
      }
      const meta: Record<string, unknown> = { at: Date.now(), page_size: data.length };
      if (more) {
        const fingerprint = encodeFingerprint(page[page.length - 1]!.seq);
        const next = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
        next.searchParams.set('fingerprint', fingerprint);
        meta.fingerprint = fingerprint;
        meta.links = { next: next.toString() };
      }
      return { data, success: true, meta };
    },
  );

  app.get<{ Params: { id: string } }>('/v1/transactions/:id/events', async (request, reply) => {
    if (await gate(request, reply)) return reply;
    const tx = chain.tx(request.params.id);
    const data =
      tx && tx.block !== null
        ? tx.events.map((e, eventIndex) => {
            const value = e.value.toString();
            return {
              block_number: tx.block,
              block_timestamp: chain.blockTimestamp(tx.block!),
              caller_contract_address: e.token,
              contract_address: e.token,
              event_index: eventIndex,
              event_name: 'Transfer',
              result: {
                0: toEventHex(e.from),
                1: toEventHex(e.to),
                2: value,
                from: toEventHex(e.from),
                to: toEventHex(e.to),
                value,
              },
              result_type: { from: 'address', to: 'address', value: 'uint256' },
              event: 'Transfer(address indexed from, address indexed to, uint256 value)',
              transaction_id: tx.id,
              ...(chain.isConfirmed(tx.block!) ? {} : { _unconfirmed: true }),
            };
          })
        : [];
    return { data, success: true, meta: { at: Date.now(), page_size: data.length } };
  });

  const block = (number: number) => ({
    blockID: blockId(number),
    block_header: {
      raw_data: {
        number,
        txTrieRoot: '0'.repeat(64),
        witness_address: '41' + '0'.repeat(40),
        parentHash: number > 0 ? blockId(number - 1) : '0'.repeat(64),
        version: 30,
        timestamp: chain.blockTimestamp(number),
      },
      witness_signature: '',
    },
  });
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/wallet/getnowblock',
      handler: async (request, reply) => ((await gate(request, reply)) ? reply : block(chain.head().number)),
    });
    app.route({
      method,
      url: '/walletsolidity/getnowblock',
      handler: async (request, reply) => ((await gate(request, reply)) ? reply : block(chain.solidHead())),
    });
  }
}
