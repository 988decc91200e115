import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { ZodError } from 'zod';
import { generateFloats, hashServerSeed } from '@koi/fair';
import { newServerSeed, nodeHash } from '@koi/fair/node';
import { formatPlain, SystemAccount, TransferCode, toMicro } from '@koi/ledger';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { pageWindow } from '../../lib/paging';
import { DAY_MS, reportDay } from '../../lib/time-range';
import type { AuthService } from '../auth';
import type { BetsService, StakePath } from '../bets';
import type { TurnoverService } from '../turnover';
import type { WalletService } from '../wallet/wallet.service';
import { withRetry } from '../wallet/wallet.batcher';
import { createPromotionsRepository, type ClaimFilter } from './promotions.repository';
import type { GrantRow, PromotionInsert, PromotionRow } from './promotions.schema';
import { GrantStatus, PromotionStatus } from './promotions.schema';
import {
  audienceSchema,
  evaluate,
  microOrNull,
  parseRules,
  pickWeighted,
  termsOf,
  TYPE_TEMPLATE,
  type Audience,
  type Evaluation,
  type Facts,
  type Refusal,
  type TemplateName,
} from './rules';

/*
 * Design note: claims, grants and households.
 *
 * A claim is one transaction: insert the claim row (unique per promotion, player, period and slot, and per
 * promotion, period and household when the promotion pays once per household), spend from the budget with a
 * conditional UPDATE, and grant. Whatever races, the database decides: a second claim of the same key inserts
 * nothing and is answered "already claimed"; a claim the budget cannot cover rolls back its row and is
 * answered "budget used up"; the budget row lock makes concurrent claims spend one after another, so the
 * budget ends exactly where the last claim that fits left it.
 *
 * A grant (decision 36) is the one way promotional money is paid: a bonus_grants row unique by its business
 * fact, one ledger transfer PROMOTION_EXPENSE → player (code BONUS) and one turnover requirement of its
 * multiple, all in the caller's transaction, with the terms frozen on the row: multiple, expiry, the largest
 * bet while the requirement is open, the largest convertible win. Other modules (VIP rewards, rebates, the
 * tournament) pay through `grantIn` with their own source type.
 *
 * While a grant's requirement is open (turnover's fold attributes what remains to the newest requirements),
 * a stake above its max bet is refused by the one stake guard here (`guardStake`), which the bets module runs
 * on every path a stake is taken: an originals bet, a seamless provider's bet debit (refused with the
 * protocol's RS_ERROR_LIMIT_REACHED) and a move into a transfer-wallet provider (the whole balance moves, and
 * the provider's bets happen out of Koi's sight, so a move larger than the max bet is refused). When
 * the player is frozen or excludes themselves, each open grant is forfeited: its promotional part (the bonus
 * amount, or the balance if less remains) goes back to the expense account (BONUS_FORFEIT) and its
 * requirement is waived, in one transaction; an expired grant is forfeited the same way by a job. A grant
 * whose requirement is played through is the player's money, up to its largest convertible win (below).
 *
 * The largest convertible win (max_win). What bonus play won is the player's net result (payouts minus
 * stakes, rolled-back rounds left out) over the rounds settled from the grant until it clears; whatever of
 * that is above max_win goes back to the promotion-expense account in one transfer (BONUS_FORFEIT, key
 * `bonus-max-win:<grant>`, reference type `bonus_max_win`), at most what the player has available (money
 * already lost, held by a withdrawal or out at a transfer-wallet provider cannot be taken), and the grant
 * keeps the amount as `forfeited_micro` while its status says cleared: that pair is what /api/plat/bonuses
 * shows as the reason `max_win`. A win exactly at max_win forfeits nothing; one micro above forfeits one.
 * When two grants' windows overlap, the rounds in both count for each, so each grant first subtracts what
 * other grants' max-win cuts already took inside its window, and the same winnings are never cut twice.
 *
 * The moment. Turnover keeps no counter (turnover.ts), so "the requirement completed" is not an event but a
 * fact read from the fold; it can only become true when a round settles. So the grant is cleared (and cut)
 * when Koi next reads the fold after that: on the `bet.settled` event of each round (right after its
 * commit), when the player applies for a withdrawal (the withdrawals module's apply guard, before any money
 * is held: this one is the guarantee, since an event lost in a crash must not let the winnings leave), and
 * in the expiry job for a grant that expires played through. The window therefore ends at that read, not at
 * the exact round that completed the requirement: play in between (normally the milliseconds between a
 * commit and its event) is still counted as bonus play, which is the safe side. Whichever of these runs
 * first, and however many run at once, the conditional UPDATE open → cleared lets exactly one transaction
 * take the cut; the others find the grant no longer open and move nothing, and the ledger key makes even a
 * repeated transfer a no-op.
 *
 * Households. Players sharing a sign-up device, or a sign-up IP within LINK_IP_WINDOW, are linked, and
 * links are followed two steps to form the group. A "once per household" claim carries the group's lowest
 * player id as its household key (the unique index settles two linked players claiming at the same moment)
 * and is refused when any member already claimed the period.
 */

/** Sign-ups from one IP this close together link the accounts. */
export const LINK_IP_WINDOW_MS = 24 * 3_600_000;
const GROUP_MAX = 50;
const EXPIRY_SWEEP_MAX = 100;

export type PromotionState = 'claimable' | 'claimed' | 'locked' | 'info' | 'guest';

export interface PromotionView {
  promotion: PromotionRow;
  template: TemplateName;
  state: PromotionState;
  amountMicro: bigint;
  refusal: Refusal | null;
  evaluation: Evaluation | null;
}

export interface GrantInput {
  playerId: number;
  /** The business fact: ('promotion', claim id), ('vip_level', …); a second grant of it pays nothing. */
  sourceType: string;
  sourceId: string;
  title: string;
  amountMicro: bigint;
  multipleCentis: number;
  maxBetMicro: bigint | null;
  maxWinMicro: bigint | null;
  expiresAt: Date | null;
}

export interface LinkedPlayer {
  playerId: number;
  /** Why linked: 'device', 'ip' (and, from other sources, 'withdrawal_address', 'trc20_sender'). */
  reason: string;
  value: string;
  /** The member through which this one was found. */
  via: number;
}

/** An extra source of links (withdrawal addresses, TRC20 senders), given by the modules that own them. */
export type LinkSource = (playerId: number) => Promise<{ playerId: number; reason: string; value: string }[]>;

export interface PromotionsServiceDeps {
  db: Db;
  clock: Clock;
  /** DEMO_SIGNUP_BONUS in USDT; "0" (the default) grants nothing. */
  signupBonus: string;
  wallet: Pick<WalletService, 'transferIn' | 'depositsOf' | 'availableIn'>;
  turnover: Pick<TurnoverService, 'addRequirement' | 'progressOf' | 'waive'>;
  bets: Pick<BetsService, 'validBets' | 'bestHit' | 'netResultBetween' | 'setStakeCap'>;
  players: Pick<AuthService, 'standingOf' | 'linkedBySignUp' | 'usernamesOf'>;
  linkSources?: LinkSource[];
}

const ALLOWED_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
  ],
  allowedAttributes: { a: ['href'], span: ['style'], td: ['colspan'], th: ['colspan'] },
  allowedSchemes: ['https'],
  allowedStyles: { span: { color: [/^#[0-9a-f]{3,6}$/i] } },
};

/** Rich text as operators write it, reduced to the few tags the detail page shows. */
export const sanitizeContent = (html: string): string => sanitizeHtml(html, ALLOWED_HTML);

/** A ledger key from a business fact, hashed when it would be too long. */
const keyOf = (text: string) =>
  text.length <= 128 ? text : `h:${createHash('sha256').update(text).digest('hex')}`;

const zodReason = (e: ZodError) =>
  e.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '规则'}: ${i.message}`)
    .join('; ');

export interface PromotionFields {
  type: number;
  title: string;
  /** English mode's title and summary; null clears one (English mode then shows the Chinese), undefined keeps it. */
  titleEn?: string | null;
  summary: string;
  summaryEn?: string | null;
  contentHtml: string;
  banner: string;
  category: number;
  rules: unknown;
  audience: unknown;
  startsAt: Date;
  endsAt: Date | null;
  budgetMicro: bigint | null;
  perPlayerCap: number;
  oncePerHousehold: boolean;
  sort: number;
}

const ZH_REGIONS = new Intl.DisplayNames('zh-CN', { type: 'region' });
const EN_REGIONS = new Intl.DisplayNames('en', { type: 'region' });

/** An audience's countries by name, in both languages, for the refusal a player outside it reads. */
const countryNames = (codes: readonly string[]) => ({
  zh: codes.map((c) => ZH_REGIONS.of(c) ?? c).join('、'),
  en: codes.map((c) => EN_REGIONS.of(c) ?? c).join(', '),
});

/** The stake cap an open grant with a largest bet keeps in the bets module, by grant. */
const stakeCapSource = (grantId: number) => `grant:${grantId}`;

export function createPromotionsService(deps: PromotionsServiceDeps) {
  const { db, clock, wallet, turnover, bets, players } = deps;
  const repo = createPromotionsRepository(db);
  const signupBonusMicro = toMicro(deps.signupBonus);

  // ----- grants -----

  async function grantIn(tx: Tx, g: GrantInput): Promise<GrantRow> {
    const r = createPromotionsRepository(tx);
    const requiredMicro = (g.amountMicro * BigInt(g.multipleCentis) + 99n) / 100n;
    const inserted = await r.insertGrant({
      playerId: g.playerId,
      sourceType: g.sourceType,
      sourceId: g.sourceId,
      title: g.title,
      amountMicro: g.amountMicro,
      multipleCentis: g.multipleCentis,
      requiredMicro,
      maxBetMicro: g.maxBetMicro,
      maxWinMicro: g.maxWinMicro,
      expiresAt: g.expiresAt,
      // A bonus without turnover is the player's at once.
      status: requiredMicro === 0n ? GrantStatus.CLEARED : GrantStatus.OPEN,
      createdAt: clock.now(),
    });
    const row = (await r.grantBySource(g.sourceType, g.sourceId))!;
    if (!inserted) return row;
    // The grant's largest bet, where the provider wallet's SQL reads it (the bets module's stake caps);
    // removed in the transaction that closes the grant.
    if (row.status === GrantStatus.OPEN && row.maxBetMicro !== null) {
      await bets.setStakeCap(tx, row.playerId, stakeCapSource(row.id), row.maxBetMicro);
    }
    await wallet.transferIn(tx, {
      key: keyOf(`bonus:${g.sourceType}:${g.sourceId}`),
      debit: { system: SystemAccount.PROMOTION_EXPENSE },
      credit: { player: g.playerId },
      amountMicro: g.amountMicro,
      code: TransferCode.BONUS,
      reference: { type: 'bonus_grant', id: String(row.id) },
    });
    if (requiredMicro > 0n) {
      await turnover.addRequirement(
        {
          playerId: g.playerId,
          sourceType: 'bonus',
          sourceId: `grant:${row.id}`,
          amountMicro: g.amountMicro,
          multipleCentis: g.multipleCentis,
        },
        tx,
      );
    }
    return row;
  }

  /** What remains of each open grant's requirement, by grant id. */
  async function remainingByGrant(playerId: number): Promise<Map<number, bigint>> {
    const progress = await turnover.progressOf(playerId);
    const map = new Map<number, bigint>();
    for (const p of progress) {
      if (p.sourceType === 'bonus' && p.sourceId.startsWith('grant:')) {
        map.set(Number(p.sourceId.slice(6)), p.remainingMicro);
      }
    }
    return map;
  }

  /**
   * Closes an open grant and takes `amountOf` (at most what the player has available) back to the expense
   * account, in one transaction; exactly once however many callers race (the conditional UPDATE decides).
   */
  async function takeBack(
    grant: GrantRow,
    status: GrantStatus,
    now: Date,
    amountOf: (tx: Tx) => Promise<bigint>,
    transfer: { key: string; referenceType: string },
  ): Promise<void> {
    await withRetry(() =>
      db.transaction(async (tx) => {
        const available = await wallet.availableIn(tx, grant.playerId);
        const wanted = await amountOf(tx);
        const amount = available < wanted ? available : wanted;
        const forfeited = status === GrantStatus.CLEARED && amount === 0n ? null : amount;
        if (!(await createPromotionsRepository(tx).closeGrant(grant.id, status, now, forfeited))) return;
        await bets.setStakeCap(tx, grant.playerId, stakeCapSource(grant.id), null);
        if (amount > 0n) {
          await wallet.transferIn(tx, {
            key: transfer.key,
            debit: { player: grant.playerId },
            credit: { system: SystemAccount.PROMOTION_EXPENSE },
            amountMicro: amount,
            code: TransferCode.BONUS_FORFEIT,
            reference: { type: transfer.referenceType, id: String(grant.id) },
          });
        }
        if (status !== GrantStatus.CLEARED) await turnover.waive('bonus', `grant:${grant.id}`, tx);
      }),
    );
  }

  /**
   * Marks a played-through grant cleared, cutting what its play won above max_win (the design note's
   * largest convertible win). The net result is read before the transaction: the bets module reads on its
   * own connection, which on the embedded database would wait behind this transaction.
   */
  async function clearGrant(grant: GrantRow): Promise<void> {
    const now = clock.now();
    if (grant.maxWinMicro === null) {
      await db.transaction(async (tx) => {
        if (await createPromotionsRepository(tx).closeGrant(grant.id, GrantStatus.CLEARED, now, null)) {
          await bets.setStakeCap(tx, grant.playerId, stakeCapSource(grant.id), null);
        }
      });
      return;
    }
    const maxWin = grant.maxWinMicro;
    const won = await bets.netResultBetween(grant.playerId, grant.createdAt, now);
    await takeBack(
      grant,
      GrantStatus.CLEARED,
      now,
      async (tx) => {
        const cutByOthers = await createPromotionsRepository(tx).maxWinCutsBetween(
          grant.playerId,
          grant.id,
          grant.createdAt,
          now,
        );
        const excess = won - cutByOthers - maxWin;
        return excess > 0n ? excess : 0n;
      },
      { key: `bonus-max-win:${grant.id}`, referenceType: 'bonus_max_win' },
    );
  }

  /** Takes an open grant back (freeze, self-exclusion, expiry) or clears it if it was played through. */
  async function closeGrant(grant: GrantRow, remaining: bigint, status: GrantStatus): Promise<void> {
    if (remaining === 0n) return clearGrant(grant);
    await takeBack(grant, status, clock.now(), async () => grant.amountMicro, {
      key: `bonus-forfeit:${grant.id}`,
      referenceType: 'bonus_grant',
    });
  }

  /** Clears every open grant of the player whose requirement is played through; how many it cleared. */
  async function clearCompleted(playerId: number): Promise<number> {
    const open = await repo.openGrantsOf(playerId);
    if (open.length === 0) return 0;
    const remaining = await remainingByGrant(playerId);
    let cleared = 0;
    for (const g of open) {
      if ((remaining.get(g.id) ?? 0n) > 0n) continue;
      await clearGrant(g);
      cleared += 1;
    }
    return cleared;
  }

  // ----- players and facts -----

  async function standing(playerId: number) {
    const s = await players.standingOf(playerId);
    if (!s) throw new AppError('PROMOTION_PLAYER_NOT_FOUND');
    return s;
  }
  type Standing = Awaited<ReturnType<typeof standing>>;

  /** Why the player may not take part at all (frozen, self-excluded, flagged), or null. */
  async function barred(s: Standing): Promise<Refusal | null> {
    if (s.frozen) return { key: 'PROMOTION_ACCOUNT_FROZEN' };
    if (s.selfExcludedUntil && s.selfExcludedUntil.getTime() > clock.now().getTime()) {
      return { key: 'PROMOTION_SELF_EXCLUDED' };
    }
    const flag = await repo.flag(s.id);
    if (flag) return { key: 'PROMOTION_PLAYER_FLAGGED', params: { reason: flag.reason } };
    return null;
  }

  function outsideAudience(audience: Audience, s: Standing): Refusal | null {
    if (s.vipLevel < audience.vip_min || s.vipLevel > audience.vip_max) {
      return { key: 'PROMOTION_VIP_LEVEL', params: { min: audience.vip_min, max: audience.vip_max } };
    }
    if (
      audience.new_player_days !== null &&
      clock.now().getTime() - s.createdAt.getTime() > audience.new_player_days * DAY_MS
    ) {
      return { key: 'PROMOTION_NEW_PLAYERS_ONLY', params: { days: audience.new_player_days } };
    }
    if (audience.invited_only && !s.invited) return { key: 'PROMOTION_INVITED_ONLY' };
    if (audience.countries.length > 0 && !(s.country !== null && audience.countries.includes(s.country))) {
      const params = { countries: countryNames(audience.countries) };
      return s.country === null
        ? { key: 'PROMOTION_COUNTRY_UNKNOWN', params }
        : { key: 'PROMOTION_COUNTRY', params };
    }
    return null;
  }

  async function luckSeed(day: string) {
    return repo.luckSeed(
      day,
      () => {
        const serverSeed = newServerSeed();
        return { serverSeed, serverSeedHash: hashServerSeed(serverSeed, nodeHash) };
      },
      clock.now(),
    );
  }

  function factsFor(promotion: PromotionRow, s: Standing): Facts {
    const now = clock.now();
    return {
      now,
      player: { id: s.id, createdAt: s.createdAt, vipLevel: s.vipLevel, invited: s.invited },
      async validBets(fromDay, toDay, categories) {
        const rows = await bets.validBets(s.id, fromDay, toDay, categories.length ? ['category'] : []);
        let stakeMicro = 0n;
        let resultMicro = 0n;
        for (const r of rows) {
          if (categories.length && !categories.includes(r.gameTypeId ?? -1)) continue;
          stakeMicro += r.stakeMicro;
          resultMicro += r.resultMicro;
        }
        return { stakeMicro, resultMicro };
      },
      deposits: (from, to) => wallet.depositsOf(s.id, from, to),
      bestHit: (from, to, categories, maxStake) => bets.bestHit(s.id, from, to, categories, maxStake),
      async claimedKeys(keys) {
        return new Set((await repo.claimsIn(promotion.id, s.id, keys)).map((c) => c.periodKey));
      },
      async luckDraw(day, weights) {
        const seed = await luckSeed(day);
        const [float] = generateFloats(
          { serverSeed: seed.serverSeed, clientSeed: luckClientSeed(s.id), nonce: 0, count: 1 },
          nodeHash,
        );
        return { index: pickWeighted(weights, float!), serverSeedHash: seed.serverSeedHash, float: float! };
      },
    };
  }

  const templateOf = (p: PromotionRow): TemplateName => TYPE_TEMPLATE[p.type]!;
  const isLive = (p: PromotionRow, now: Date) =>
    p.status === PromotionStatus.RUNNING &&
    p.startsAt.getTime() <= now.getTime() &&
    (!p.endsAt || p.endsAt.getTime() > now.getTime());

  /** What the player sees of one promotion: its state, what a claim would pay, and why not. */
  async function viewOf(p: PromotionRow, s: Standing | null): Promise<PromotionView> {
    const template = templateOf(p);
    const base = { promotion: p, template, amountMicro: 0n, refusal: null, evaluation: null };
    if (template === 'agent') return { ...base, state: 'info' };
    if (!s) return { ...base, state: 'guest' };
    const locked = (refusal: Refusal, evaluation: Evaluation | null = null): PromotionView => ({
      ...base,
      state: 'locked',
      refusal,
      evaluation,
    });
    if (!isLive(p, clock.now())) return locked({ key: 'PROMOTION_NOT_RUNNING' });
    const bar = (await barred(s)) ?? outsideAudience(audienceSchema.parse(p.audience), s);
    if (bar) return locked(bar);
    const evaluation = await evaluate(template, p.rules, factsFor(p, s));
    const claimed = await repo.claimsIn(p.id, s.id, [evaluation.periodKey]);
    if (claimed.length >= p.perPlayerCap) {
      return {
        ...base,
        state: 'claimed',
        evaluation,
        amountMicro: claimed[0]!.amountMicro,
        refusal: { key: 'PROMOTION_ALREADY_CLAIMED' },
      };
    }
    if (evaluation.refusal) return locked(evaluation.refusal, evaluation);
    if (p.budgetMicro !== null && p.spentMicro + evaluation.amountMicro > p.budgetMicro) {
      return locked({ key: 'PROMOTION_BUDGET_EXHAUSTED' }, evaluation);
    }
    return { ...base, state: 'claimable', amountMicro: evaluation.amountMicro, evaluation };
  }

  /** The linked-account group of a player, with why each member is in it (two steps of links). */
  async function groupOf(playerId: number): Promise<LinkedPlayer[]> {
    const seen = new Map<number, LinkedPlayer>();
    let frontier = [playerId];
    for (let depth = 0; depth < 2 && frontier.length && seen.size < GROUP_MAX; depth += 1) {
      const next: number[] = [];
      for (const member of frontier) {
        const links = [
          ...(await players.linkedBySignUp(member, LINK_IP_WINDOW_MS)),
          ...(await Promise.all((deps.linkSources ?? []).map((source) => source(member)))).flat(),
        ];
        for (const link of links) {
          if (link.playerId === playerId || seen.has(link.playerId) || seen.size >= GROUP_MAX) continue;
          seen.set(link.playerId, { ...link, via: member });
          next.push(link.playerId);
        }
      }
      frontier = next;
    }
    return [...seen.values()];
  }

  async function claim(playerId: number, promotionId: number) {
    const p = await repo.promotion(promotionId);
    if (!p || p.status === PromotionStatus.DRAFT) throw new AppError('PROMOTION_NOT_FOUND');
    const s = await standing(playerId);
    const view = await viewOf(p, s);
    if (view.state === 'info') throw new AppError('PROMOTION_NOT_CLAIMABLE');
    if (view.state !== 'claimable') {
      const refusal = view.refusal!;
      throw new AppError(refusal.key, refusal.params);
    }
    const evaluation = view.evaluation!;
    let householdKey: string | null = null;
    if (p.oncePerHousehold) {
      const group = await groupOf(playerId);
      const ids = group.map((m) => m.playerId);
      if (await repo.anyClaimed(p.id, ids, evaluation.periodKey))
        throw new AppError('PROMOTION_HOUSEHOLD_CLAIMED');
      householdKey = String(Math.min(playerId, ...ids));
    }
    const terms = termsOf(view.template, p.rules)!;
    const now = clock.now();
    return withRetry(() =>
      db.transaction(async (tx) => {
        const r = createPromotionsRepository(tx);
        const used = await r.claimsIn(p.id, playerId, [evaluation.periodKey]);
        if (used.length >= p.perPlayerCap) throw new AppError('PROMOTION_ALREADY_CLAIMED');
        const row = await r.insertClaim({
          promotionId: p.id,
          playerId,
          periodKey: evaluation.periodKey,
          slot: used.length + 1,
          householdKey,
          amountMicro: evaluation.amountMicro,
          basis: evaluation.basis,
          createdAt: now,
        });
        if (!row) {
          const mine = await r.claimsIn(p.id, playerId, [evaluation.periodKey]);
          throw new AppError(mine.length ? 'PROMOTION_ALREADY_CLAIMED' : 'PROMOTION_HOUSEHOLD_CLAIMED');
        }
        if (!(await r.spend(p.id, evaluation.amountMicro))) {
          const current = await r.promotion(p.id);
          throw new AppError(
            current?.status === PromotionStatus.RUNNING
              ? 'PROMOTION_BUDGET_EXHAUSTED'
              : 'PROMOTION_NOT_RUNNING',
          );
        }
        const grant = await grantIn(tx, {
          playerId,
          sourceType: 'promotion',
          sourceId: String(row.id),
          title: p.title,
          amountMicro: evaluation.amountMicro,
          multipleCentis: terms.multiple_centis,
          maxBetMicro: microOrNull(terms.max_bet),
          maxWinMicro: microOrNull(terms.max_win),
          expiresAt: terms.expiry_days === null ? null : new Date(now.getTime() + terms.expiry_days * DAY_MS),
        });
        await r.setClaimGrant(row.id, grant.id);
        return { claim: { ...row, grantId: grant.id }, grant, promotion: p };
      }),
    );
  }

  function checkFields(f: PromotionFields): PromotionFields {
    const template = TYPE_TEMPLATE[f.type];
    if (!template) throw new AppError('PROMOTION_RULES_INVALID', { reason: 'type' });
    try {
      const rules = parseRules(template, f.rules);
      const audience = audienceSchema.parse(f.audience ?? {});
      if (audience.vip_min > audience.vip_max) {
        throw new AppError('PROMOTION_RULES_INVALID', { reason: 'vip_min > vip_max' });
      }
      if (f.endsAt && f.endsAt.getTime() <= f.startsAt.getTime()) {
        throw new AppError('PROMOTION_RULES_INVALID', {
          reason: { zh: '结束时间须晚于开始时间', en: 'the end must be after the start' },
        });
      }
      return { ...f, rules, audience, contentHtml: sanitizeContent(f.contentHtml) };
    } catch (error) {
      if (error instanceof ZodError)
        throw new AppError('PROMOTION_RULES_INVALID', { reason: zodReason(error) });
      throw error;
    }
  }

  const STATUS_MOVES: Record<number, number[]> = {
    [PromotionStatus.DRAFT]: [PromotionStatus.RUNNING, PromotionStatus.ENDED],
    [PromotionStatus.RUNNING]: [PromotionStatus.PAUSED, PromotionStatus.ENDED],
    [PromotionStatus.PAUSED]: [PromotionStatus.RUNNING, PromotionStatus.ENDED],
    [PromotionStatus.ENDED]: [],
  };

  return {
    grantIn,

    /**
     * Called in the registration transaction (registered with auth's onPlayerCreated hook), after the wallet
     * opened the player's account: the bonus commits or rolls back with the player. The key is the player id,
     * so it is paid once.
     */
    async onPlayerCreated(playerId: number, tx: Tx): Promise<void> {
      if (signupBonusMicro <= 0n) return;
      await wallet.transferIn(tx, {
        key: `signup-bonus:${playerId}`,
        debit: { system: SystemAccount.PROMOTION_EXPENSE },
        credit: { player: playerId },
        amountMicro: signupBonusMicro,
        code: TransferCode.BONUS,
        reference: { type: 'signup_bonus', id: String(playerId) },
      });
    },

    /**
     * The one max-bet rule (decision 36), which the bets module runs on every path a stake is taken
     * (registered with bets' addStakeGuard): the smallest max bet of the grants whose requirement is still
     * open; a grant played through no longer limits. A move into a transfer-wallet provider is a stake of
     * the whole balance moved, refused with its own message since the player did not choose that amount.
     */
    async guardStake(playerId: number, stakeMicro: bigint, path: StakePath): Promise<void> {
      const open = (await repo.openGrantsOf(playerId)).filter((g) => g.maxBetMicro !== null);
      if (open.length === 0) return;
      const remaining = await remainingByGrant(playerId);
      let max: bigint | null = null;
      let playedThrough = false;
      for (const g of open) {
        if ((remaining.get(g.id) ?? 0n) === 0n) {
          playedThrough = true;
          continue;
        }
        if (max === null || g.maxBetMicro! < max) max = g.maxBetMicro!;
      }
      // A grant played through no longer limits; clearing it now also removes its stake cap, which the
      // provider wallet's SQL would otherwise keep applying until the next settled round cleared it.
      if (playedThrough) await clearCompleted(playerId);
      if (max === null || stakeMicro <= max) return;
      if (path === 'transfer_in') {
        throw new AppError('BONUS_MAX_TRANSFER_IN', {
          max: formatPlain(max),
          amount: formatPlain(stakeMicro),
        });
      }
      throw new AppError('BONUS_MAX_BET', { max: formatPlain(max) });
    },

    /**
     * Clears the player's played-through grants, cutting winnings above max_win (the design note's moment):
     * run on each `bet.settled` and by the withdrawals module before a withdrawal is applied for.
     */
    clearCompleted,

    /** Forfeits the promotional part of every open grant (freeze, self-exclusion; the `player.frozen` event). */
    async forfeitOpen(playerId: number): Promise<void> {
      const open = await repo.openGrantsOf(playerId);
      if (open.length === 0) return;
      const remaining = await remainingByGrant(playerId);
      for (const g of open) await closeGrant(g, remaining.get(g.id) ?? 0n, GrantStatus.FORFEITED);
    },

    /** The expiry job: open grants past their expiry are forfeited (or marked cleared if played through). */
    async expireGrants(): Promise<number> {
      const due = await repo.expiredOpenGrants(clock.now(), EXPIRY_SWEEP_MAX);
      const byPlayer = new Map<number, Map<number, bigint>>();
      for (const g of due) {
        if (!byPlayer.has(g.playerId)) byPlayer.set(g.playerId, await remainingByGrant(g.playerId));
        await closeGrant(g, byPlayer.get(g.playerId)!.get(g.id) ?? 0n, GrantStatus.EXPIRED);
      }
      return due.length;
    },

    /** Running promotions as the player (or a guest) sees them. */
    async list(playerId: number | null): Promise<PromotionView[]> {
      const s = playerId === null ? null : await standing(playerId);
      const running = await repo.running(clock.now());
      const views: PromotionView[] = [];
      for (const p of running) views.push(await viewOf(p, s));
      return views;
    },

    /**
     * One promotion by id, or by `activity_type` (spec §2 banners): a type 1–13 opens its newest running
     * promotion; 999 (the invitation banner) opens the everyone-an-agent promotion, type 13.
     */
    async detail(playerId: number | null, q: { id?: number; activityType?: number }): Promise<PromotionView> {
      const s = playerId === null ? null : await standing(playerId);
      let p: PromotionRow | null = null;
      if (q.id) {
        p = await repo.promotion(q.id);
        if (p?.status === PromotionStatus.DRAFT) p = null;
      } else if (q.activityType) {
        const running = await repo.running(clock.now());
        // 999 is the home popup's invitation banner: the everyone-an-agent promotion (type 13).
        const type = q.activityType === 999 ? 13 : q.activityType;
        p = [...running].filter((r) => r.type === type).sort((a, b) => b.id - a.id)[0] ?? null;
      }
      if (!p) throw new AppError('PROMOTION_NOT_FOUND');
      return viewOf(p, s);
    },

    claim,

    /** Everything the player can claim now (the benefit centre). */
    async claimable(playerId: number): Promise<PromotionView[]> {
      const s = await standing(playerId);
      const views: PromotionView[] = [];
      for (const p of await repo.running(clock.now())) {
        const v = await viewOf(p, s);
        if (v.state === 'claimable') views.push(v);
      }
      return views;
    },

    /** Claims everything claimable, one claim after another; each answers on its own. */
    async claimAll(playerId: number) {
      const s = await standing(playerId);
      const bar = await barred(s);
      if (bar) throw new AppError(bar.key, bar.params);
      const results: { promotion: PromotionRow; amountMicro: bigint | null; error: AppError | null }[] = [];
      for (const p of await repo.running(clock.now())) {
        const v = await viewOf(p, s);
        if (v.state !== 'claimable') continue;
        try {
          const done = await claim(playerId, p.id);
          results.push({ promotion: p, amountMicro: done.claim.amountMicro, error: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ promotion: p, amountMicro: null, error });
        }
      }
      if (results.length === 0) throw new AppError('PROMOTION_NOTHING_TO_CLAIM');
      return results;
    },

    myClaims: (playerId: number, page: number, size: number) =>
      repo.claims({ playerId, ...pageWindow({ page, size }) }),

    /** Every promotional credit of the player with its turnover progress (the bonus list). */
    async bonuses(playerId: number) {
      const [grants, remaining] = await Promise.all([repo.grantsOf(playerId), remainingByGrant(playerId)]);
      return grants.map((g) => {
        const left = g.status === GrantStatus.OPEN ? (remaining.get(g.id) ?? 0n) : 0n;
        const doneMicro =
          g.status === GrantStatus.OPEN || g.status === GrantStatus.CLEARED ? g.requiredMicro - left : 0n;
        const status = (
          g.status === GrantStatus.OPEN && left === 0n ? GrantStatus.CLEARED : g.status
        ) as GrantStatus;
        return { grant: g, status, remainingMicro: left, doneMicro };
      });
    },

    /** The luck draw's commitments: today's hash, and earlier days' seeds revealed. */
    async luckSeeds(days: number) {
      const today = reportDay(clock.now());
      await luckSeed(today);
      const from = reportDay(new Date(clock.now().getTime() - days * DAY_MS));
      return (await repo.luckSeeds(from, today)).map((s) => ({
        day: s.day,
        serverSeedHash: s.serverSeedHash,
        serverSeed: s.day < today ? s.serverSeed : null,
      }));
    },

    // ----- console -----

    all: () => repo.all(),
    claimTotals: () => repo.claimTotals(),
    claims: (f: ClaimFilter) => repo.claims(f),

    async create(f: PromotionFields, auditFor: (id: number) => AuditInTx): Promise<PromotionRow> {
      const checked = checkFields(f);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await createPromotionsRepository(tx).insert({
          ...toInsert(checked),
          status: PromotionStatus.DRAFT,
          createdAt: now,
          updatedAt: now,
        });
        await auditFor(row.id)(tx, { after: auditView(row) });
        return row;
      });
    },

    async update(id: number, f: PromotionFields, audit: AuditInTx) {
      const before = await repo.promotion(id);
      if (!before) throw new AppError('PROMOTION_NOT_FOUND');
      if (before.status === PromotionStatus.ENDED) {
        throw new AppError('PROMOTION_STATUS_INVALID', { from: 'ended', to: 'edited' });
      }
      const checked = checkFields(f);
      if (checked.budgetMicro !== null && checked.budgetMicro < before.spentMicro) {
        throw new AppError('PROMOTION_RULES_INVALID', {
          reason: { zh: '预算不能低于已发放金额', en: 'the budget cannot be below what was paid' },
        });
      }
      return db.transaction(async (tx) => {
        const after = (await createPromotionsRepository(tx).update(id, {
          ...toInsert(checked),
          updatedAt: clock.now(),
        }))!;
        await audit(tx, { before: auditView(before), after: auditView(after) });
        return after;
      });
    },

    async setStatus(id: number, status: PromotionStatus, audit: AuditInTx) {
      return db.transaction(async (tx) => {
        const r = createPromotionsRepository(tx);
        const before = await r.lock(id);
        if (!before) throw new AppError('PROMOTION_NOT_FOUND');
        if (!STATUS_MOVES[before.status]!.includes(status)) {
          throw new AppError('PROMOTION_STATUS_INVALID', { from: before.status, to: status });
        }
        const after = (await r.update(id, { status, updatedAt: clock.now() }))!;
        await audit(tx, { before: { status: before.status }, after: { status } });
        return after;
      });
    },

    /** A player's linked-account group, with why each member is linked. */
    async household(playerId: number) {
      await standing(playerId);
      const group = await groupOf(playerId);
      const names = await players.usernamesOf([playerId, ...group.map((m) => m.playerId)]);
      return {
        playerId,
        username: names.get(playerId) ?? '',
        members: group.map((m) => ({ ...m, username: names.get(m.playerId) ?? '' })),
      };
    },

    flags: () => repo.flags(),
    async flag(playerId: number, reason: string, operator: string, audit: AuditInTx) {
      await standing(playerId);
      await db.transaction(async (tx) => {
        await createPromotionsRepository(tx).setFlag({ playerId, reason, operator, createdAt: clock.now() });
        await audit(tx, { after: { reason } });
      });
    },
    async unflag(playerId: number, audit: AuditInTx) {
      await db.transaction(async (tx) => {
        if (!(await createPromotionsRepository(tx).clearFlag(playerId)))
          throw new AppError('PROMOTION_PLAYER_NOT_FOUND');
        await audit(tx, { before: { flagged: true }, after: { flagged: false } });
      });
    },
  };
}

/** Writes the operator's audit row inside the change's transaction (the audit module's AuditWrite). */
export type AuditInTx = (tx: DbOrTx, change: { before?: unknown; after?: unknown }) => Promise<void>;

/** What the audit log keeps of a promotion (the rich text and artwork are left out: they are large). */
const auditView = (p: PromotionRow) => ({
  type: p.type,
  title: p.title,
  title_en: p.titleEn,
  summary: p.summary,
  summary_en: p.summaryEn,
  rules: p.rules,
  audience: p.audience,
  starts_at: p.startsAt.toISOString(),
  ends_at: p.endsAt?.toISOString() ?? null,
  budget: p.budgetMicro === null ? null : formatPlain(p.budgetMicro),
  per_player_cap: p.perPlayerCap,
  once_per_household: p.oncePerHousehold,
  status: p.status,
});

/** The client seed of a player's daily luck draw: published with the rule, so anyone can recompute a draw. */
export const luckClientSeed = (playerId: number) => `koi-luck-${playerId}`;

function toInsert(f: PromotionFields): Omit<PromotionInsert, 'status' | 'createdAt' | 'updatedAt'> {
  return {
    type: f.type,
    template: TYPE_TEMPLATE[f.type]!,
    title: f.title,
    titleEn: f.titleEn,
    summary: f.summary,
    summaryEn: f.summaryEn,
    contentHtml: f.contentHtml,
    banner: f.banner,
    category: f.category,
    rules: f.rules,
    audience: f.audience,
    startsAt: f.startsAt,
    endsAt: f.endsAt,
    budgetMicro: f.budgetMicro,
    perPlayerCap: f.perPlayerCap,
    oncePerHousehold: f.oncePerHousehold,
    sort: f.sort,
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
