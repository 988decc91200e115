/**
 * Every PostgreSQL advisory lock id the server takes. They live in one list so that two unrelated purposes
 * can never share a number by accident (locks.test.ts checks that every id is distinct), and so that a reader
 * sees in one place what each lock serialises.
 *
 * PostgreSQL keeps two key spaces: a single 64-bit key (`pg_advisory_lock(key)`), used here for whole-database
 * steps and background jobs, and a pair of 32-bit keys (`pg_advisory_xact_lock(class, id)`), used for locks
 * per player or per name, where the number below is the class and the player id (or a hash) the second key.
 * The providers' round lock in SQL (koi_provider_wallet_call) uses the pair (provider id, hash of the round),
 * so every class here stays far above any provider id.
 */
export const AdvisoryLock = {
  // Whole database, one key.

  /** Applying migrations and SQL functions (db/client.ts): one node migrates, the others wait for it. */
  MIGRATE: 7_461_001,
  /** Seeding demo content (db/seed.ts): the "is it empty?" check and the insert are one step across nodes. */
  SEED_DEMO: 7_461_002,

  // Background jobs, one key each (modules/jobs): exactly one node runs a job's tick at a time.

  /** Voids expired pending ledger holds (wallet). */
  JOB_VOID_EXPIRED_HOLDS: 7_461_101,
  /** Settles transfer-wallet transfers left in doubt (providers). */
  JOB_RECONCILE_TRANSFERS: 7_461_102,
  /** One node pulls the transfer-wallet providers' bet histories, so a page is recorded once and its cursor moves once. */
  JOB_PULL_BET_HISTORY: 7_461_103,
  /** Marks TRC20 deposit orders past their lifetime expired (deposits). */
  JOB_EXPIRE_DEPOSIT_ORDERS: 7_461_110,
  /** Reads the chain and credits TRC20 deposits (deposits). */
  JOB_WATCH_CHAIN: 7_461_111,
  /** Asks payment channels about orders still open (payment channels). */
  JOB_RECONCILE_CHANNEL_ORDERS: 7_461_112,
  /** Pays approved withdrawals left behind (withdrawals). */
  JOB_PAY_APPROVED_WITHDRAWALS: 7_461_211,
  /** Settles withdrawals left paying by asking the payout rail (withdrawals). */
  JOB_RECONCILE_PAYOUTS: 7_461_212,
  /** Signs the audit chain's head into the checkpoint file and the witness (audit). */
  JOB_AUDIT_CHECKPOINT: 7_461_121,

  // Classes of the pair key: one lock per player (or name), held until the transaction ends.

  /**
   * One player's deposit bookkeeping: opening a TRC20 order ("at most N open orders", "the same amount returns
   * the open order", the deposit-limit check), changing the deposit limits, and the limit check of an
   * operator's match of an unmatched deposit are each read and written under it.
   */
  PLAYER_DEPOSITS: 7_461_201,
  /**
   * One player's withdrawal bookkeeping: applying (daily count and amount, the withdrawal password's attempt
   * count) and binding addresses (the address count). It is a class of its own: nothing a withdrawal checks
   * depends on deposit orders or limits (the balance is guarded by the ledger's conditional debit), so a
   * deposit and a withdrawal of one player need not wait for each other.
   */
  PLAYER_WITHDRAWALS: 7_461_202,
  /** One player's original-game bets against their seed rotations (originals). */
  PLAYER_SEEDS: 7_461_301,
  /** Sign-in attempt reservations of one username, keyed by the name's hash (auth). */
  SIGN_IN_NAME: 7_461_401,
  /**
   * One operator's money decisions (separation of duties): their adjustments (wallet) and withdrawal
   * approvals (withdrawals) read the operator's sum for the day and write the new decision under it, so
   * parallel requests of one operator are counted one after the other and cannot together pass the limit.
   */
  OPERATOR_MONEY_DECISIONS: 7_461_601,
  /**
   * One player's manual adjustments (wallet): the player's 24-hour sum that decides whether a second operator
   * is needed is read and the new request written under it, so two operators adjusting the same player at
   * once are counted one after the other. Taken before OPERATOR_MONEY_DECISIONS, never after it.
   */
  PLAYER_ADJUSTMENTS: 7_461_602,
  /**
   * The first operator's setup (operators): issuing a setup link and completing it both read "no operator
   * exists" and write under it, so concurrent starts leave one usable link and concurrent completions one admin.
   */
  OPERATOR_SETUP: 7_461_603,
  /** Opening one player's provider game sessions across server processes (providers). */
  PLAYER_PROVIDER_SESSIONS: 7_461_501,

  /** Sets the Telegram bot's webhook at start and again every 10 minutes (telegram). */
  JOB_TELEGRAM_WEBHOOK: 7_461_840,
  /** Forgets used Mini App launch data once it is too old to pass the freshness check (telegram). */
  JOB_TELEGRAM_PRUNE_LAUNCH_DATA: 7_461_841,
  /** Settles the agents' commission of finished days (agents). */
  JOB_AGENT_SETTLEMENT: 7_461_800,
  /**
   * Settling one day of agent commission (agents): the "is this day settled?" check and the whole payment
   * are one step across nodes and concurrent calls (the job, the console, a test), so a day is paid once.
   */
  AGENT_SETTLEMENT: 7_461_801,
  /** Changes of the agents' team tree by operators (moves), one at a time, so two moves never form a cycle. */
  AGENT_TREE: 7_461_802,
  /** The masters tournament's prize payouts (vip): one node fixes and pays a period's winners. */
  JOB_TOURNAMENT_PAYOUTS: 7_461_750,
  /** Settles the next UTC+8 day of rebates and VIP points (vip). */
  JOB_VIP_REBATES: 7_461_751,
  /** Grants last month's VIP month-end rewards (vip). */
  JOB_VIP_MONTH_END: 7_461_752,
  /**
   * One UTC+8 day of rebates (vip), the day number since 2000-01-01 the second key: the job and an operator's
   * re-run of the same day settle one after the other, never interleaved.
   */
  VIP_REBATE_DAY: 7_461_753,
  /** Closes red packets that are fully grabbed or expired: posts their money and reveals their seeds. */
  JOB_CLOSE_RED_PACKETS: 7_461_860,
  /**
   * Closes of red packets, one at a time across nodes (a close after the last grab and the close job alike).
   * A close pays many players from the escrow's shards, each shard picked by its player, so two closes at
   * once could take shards in opposite orders and deadlock; queued here they never hold shards together.
   */
  RED_PACKET_CLOSE: 7_461_861,
  /** Forfeiting bonuses whose expiry passed with turnover still open (promotions). */
  JOB_EXPIRE_BONUSES: 7_461_700,
  /** Seeding the demo promotions once, whichever node starts first (promotions). */
  SEED_DEMO_PROMOTIONS: 7_461_701,

  // Ranges kept for the modules being built, so that parallel work never picks the same id: promotions
  // 7_461_700–7_461_749, VIP/rebates/tournament 7_461_750–7_461_799, agents and invites 7_461_800–7_461_839,
  // Telegram 7_461_840–7_461_859, red packets 7_461_860–7_461_879, community 7_461_880–7_461_899.
  /** Inserting the community's demo posts and buy links once, however many nodes start at once (community). */
  COMMUNITY_SEED_DEMO: 7_461_880,
  /** Removes post images staged for inserts that never committed (community). */
  JOB_SWEEP_COMMUNITY_IMAGES: 7_461_881,

  // Tests of the job runner (modules/jobs/jobs.test.ts), kept here so that they never meet a real job's lock.

  TEST_JOB_SLOW: 7_461_901,
  TEST_JOB_FLAKY: 7_461_902,
  TEST_JOB_SINGLETON: 7_461_903,
} as const;

export type AdvisoryLockId = (typeof AdvisoryLock)[keyof typeof AdvisoryLock];
