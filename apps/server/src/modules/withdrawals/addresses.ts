import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../errors';
import { pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { isTronAddress } from '../../lib/tron-address';
import type { AuditWrite } from '../audit';
import type { WithdrawalsContext } from './withdrawals.context';
import { createWithdrawalsRepository } from './withdrawals.repository';
import type { AddressRow } from './withdrawals.schema';
import { AddressAction, AddressType } from './withdrawals.schema';

/*
 * Design note: the address book (decision 12) and the payout methods (decision 35).
 *
 * A player saves at most ADDRESS_MAX live addresses, each checked for its type (a TRC20 checksum, a phone
 * number valid for its calling code, a wallet id without spaces). A new address may be used only after the
 * configured delay, so a stolen session cannot bind an address and withdraw to it at once. The count and the
 * duplicate check run under the player's advisory lock, and the unique index on live addresses settles two
 * concurrent binds of the same one. Deleting keeps the row, so the poisoning guard still remembers it.
 *
 * Address poisoning. An attacker sends dust from an address whose first and last SIMILAR_EDGE characters
 * match one the player knows (one they withdrew to, or one they paid deposits from), so that it shows up in
 * the player's wallet history and gets copied by mistake. Against the player's own addresses (saved,
 * withdrawn to, deposited from) the player is asked to confirm; against another player's (saved or withdrawn
 * to) the bind goes through unannounced (this player must not learn another player's address), the
 * look-alike is recorded with the bind, and every withdrawal to it is flagged look_alike_address for an
 * operator's review (review.ts).
 *
 * Off-chain methods (phone-number wallet, other wallet) are offered only while an operator has enabled them,
 * under the operator's display name; TRC20 is always offered and paid through the rail.
 */

const ADDRESS_MAX = 10;
const OTHER_WALLET_MAX = 128;
/** Poisoning guard (address poisoning): the characters a person usually compares at each end. */
export const SIMILAR_EDGE = 4;
const METHOD_NAME_MAX = 32;
/** Default display names of the off-chain methods: generic words, never an institution's name. */
export const DEFAULT_METHOD_NAMES: Record<number, string> = {
  [AddressType.PHONE_WALLET]: '转账钱包（手机号）',
  [AddressType.OTHER_WALLET]: '其他钱包',
};
/** Decision 14: Huione (汇旺) and its wallet are sanctioned; no display name may name them. */
const SANCTIONED_NAME = /汇旺|huione|hui\s*one/i;

export interface BindAddressInput {
  type: string;
  address: string;
  area: string;
  confirmSimilar: boolean;
}

/**
 * Address poisoning: same first and last SIMILAR_EDGE characters, but a different address. These are the
 * characters wallets show and people compare; a poisoner grinds a vanity address that matches them.
 */
export function looksAlike(a: string, b: string): boolean {
  return (
    a !== b &&
    a.slice(0, SIMILAR_EDGE) === b.slice(0, SIMILAR_EDGE) &&
    a.slice(-SIMILAR_EDGE) === b.slice(-SIMILAR_EDGE)
  );
}

/** Normalises and validates an address of one type (decision 12); returns what is stored. */
function normaliseAddress(input: BindAddressInput): { type: AddressType; address: string; area: string } {
  const address = input.address.trim();
  switch (input.type) {
    case '1':
      if (!isTronAddress(address)) throw new AppError('ADDRESS_TRC20_INVALID');
      return { type: AddressType.TRC20, address, area: '' };
    case '2': {
      const area = input.area.trim().replace(/^\+/, '');
      if (!/^\d{1,4}$/.test(area) || !/^[\d\s-]{4,20}$/.test(address)) {
        throw new AppError('ADDRESS_PHONE_INVALID');
      }
      const phone = parsePhoneNumberFromString(`+${area}${address.replace(/[\s-]/g, '')}`);
      if (!phone || !phone.isValid() || phone.countryCallingCode !== area) {
        throw new AppError('ADDRESS_PHONE_INVALID');
      }
      return { type: AddressType.PHONE_WALLET, address: phone.nationalNumber, area };
    }
    case '3':
      if (!address || [...address].length > OTHER_WALLET_MAX || /\s/.test(address)) {
        throw new AppError('ADDRESS_TEXT_INVALID', { max: OTHER_WALLET_MAX });
      }
      return { type: AddressType.OTHER_WALLET, address, area: '' };
    default:
      throw new AppError('ADDRESS_TYPE_INVALID');
  }
}

/** How many linked players one source names for one player at most (a household is capped anyway). */
const LINKS_MAX = 50;

export function createAddressBook(ctx: WithdrawalsContext) {
  const { deps, repo, requirePasswordSet } = ctx;
  const { db, clock, config } = deps;

  /** Every address type with its display name, whether it is offered, and whether it is paid by hand. */
  async function payoutMethods() {
    const rows = await repo.listPayoutMethods();
    return [
      {
        type: AddressType.TRC20 as number,
        name: 'USDT-TRC20',
        enabled: true,
        manual: false,
        updatedAt: null,
      },
      ...[AddressType.PHONE_WALLET, AddressType.OTHER_WALLET].map((type) => {
        const row = rows.find((r) => r.addressType === type);
        return {
          type: type as number,
          name: row?.name ?? DEFAULT_METHOD_NAMES[type]!,
          enabled: row?.enabled ?? false,
          manual: true,
          updatedAt: row?.updatedAt ?? null,
        };
      }),
    ];
  }

  async function assertMethodEnabled(type: number) {
    if (type === AddressType.TRC20) return;
    const method = (await payoutMethods()).find((m) => m.type === type);
    if (!method?.enabled) throw new AppError('ADDRESS_TYPE_DISABLED');
  }

  /** An operator enables or disables an off-chain method and names it; validated here, audited. */
  async function setPayoutMethod(
    type: number,
    input: { enabled: boolean; name: string },
    operatorId: number,
    audit?: AuditWrite,
  ) {
    if (type !== AddressType.PHONE_WALLET && type !== AddressType.OTHER_WALLET) {
      throw new AppError('PAYOUT_METHOD_TYPE');
    }
    const name = input.name.trim();
    if (!name || [...name].length > METHOD_NAME_MAX || SANCTIONED_NAME.test(name) || /\p{Cc}/u.test(name)) {
      throw new AppError('PAYOUT_METHOD_NAME', { max: METHOD_NAME_MAX });
    }
    await db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      const before = await txRepo.lockPayoutMethod(type);
      const after = await txRepo.upsertPayoutMethod({
        addressType: type,
        enabled: input.enabled,
        name,
        updatedBy: operatorId,
        updatedAt: clock.now(),
      });
      await audit?.(tx, {
        before: before ? { type, enabled: before.enabled, name: before.name } : null,
        after: { type, enabled: after.enabled, name: after.name },
      });
    });
    return (await payoutMethods()).find((m) => m.type === type)!;
  }

  /** The address the bind is similar to (see the design note), refusing when the player must confirm it. */
  async function poisoningGuard(
    playerId: number,
    address: string,
    confirmSimilar: boolean,
  ): Promise<string | null> {
    const [used, senders] = await Promise.all([
      repo.usedTrc20Addresses(playerId),
      deps.deposits.senderAddresses(playerId),
    ]);
    const own = [...used, ...senders].find((u) => looksAlike(u, address)) ?? null;
    if (own && !confirmSimilar) {
      throw new AppError('ADDRESS_SIMILAR', { address, similar: own }, { address, similar_to: own });
    }
    return own ?? (await repo.lookAlikeOfOthers(address, playerId, SIMILAR_EDGE));
  }

  async function bindAddress(playerId: number, input: BindAddressInput, ip: string): Promise<AddressRow> {
    await requirePasswordSet(playerId);
    const normalised = normaliseAddress(input);
    await assertMethodEnabled(normalised.type);
    const similarTo =
      normalised.type === AddressType.TRC20
        ? await poisoningGuard(playerId, normalised.address, input.confirmSimilar)
        : null;
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const txRepo = createWithdrawalsRepository(tx);
        await txRepo.lockPlayer(playerId);
        const live = await txRepo.listAddresses(playerId);
        if (
          live.some(
            (a) =>
              a.type === normalised.type && a.area === normalised.area && a.address === normalised.address,
          )
        ) {
          throw new AppError('ADDRESS_DUPLICATE');
        }
        if (live.length >= ADDRESS_MAX) throw new AppError('ADDRESS_LIMIT', { max: ADDRESS_MAX });
        const row = await txRepo.insertAddress({
          playerId,
          ...normalised,
          createdAt: now,
          usableAt: new Date(now.getTime() + config.addressDelayMs),
        });
        await txRepo.insertAddressEvent({
          playerId,
          addressId: row.id,
          action: AddressAction.BIND,
          ip,
          similarTo,
          createdAt: now,
        });
        return row;
      });
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION && pgConstraint(error) === 'withdrawal_addresses_live_uq') {
        throw new AppError('ADDRESS_DUPLICATE');
      }
      throw error;
    }
  }

  async function deleteAddress(playerId: number, addressId: number, address: string, ip: string) {
    await requirePasswordSet(playerId);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const txRepo = createWithdrawalsRepository(tx);
      // The owner, the id and the address text must all match: another player's id finds nothing.
      if (!(await txRepo.deleteAddress(playerId, addressId, address.trim(), now))) {
        throw new AppError('ADDRESS_NOT_FOUND');
      }
      await txRepo.insertAddressEvent({
        playerId,
        addressId,
        action: AddressAction.DELETE,
        ip,
        createdAt: now,
      });
    });
    return true as const;
  }

  return {
    listAddresses: (playerId: number) => repo.listAddresses(playerId),

    /**
     * The players linked to this one by a shared withdrawal address, for promotions' households (decision
     * 25's linked accounts), each with the reason and the address.
     */
    async linkedByAddress(playerId: number) {
      const rows = await repo.sharingAddresses(playerId, LINKS_MAX);
      return rows.map((r) => ({ playerId: r.playerId, reason: 'withdrawal_address', value: r.address }));
    },
    bindAddress,
    deleteAddress,
    payoutMethods,
    setPayoutMethod,
    assertMethodEnabled,
  };
}
