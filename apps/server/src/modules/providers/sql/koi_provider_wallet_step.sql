-- Owned by the providers module: the seamless wallet (src/modules/providers/seamless.service.ts, whose design
-- note lists the rules). One provider bet (p_kind 1), win (2) or rollback (3), called by koi_provider_wallet_call
-- (one call, one statement, one short transaction) and by koi_provider_wallet_call_batch (many calls of
-- different rounds, one transaction and one commit). Under the round lock its caller holds, it answers a retry
-- from its record, checks the session (bets), the referenced bet and the game's win bounds, moves the money through
-- koi_ledger_transfer (the wallet module's ledger, called exactly as the wallet service calls it), updates the
-- round through koi_bet_round_record / koi_bet_round_rolled_back (the bets module owns bet_rounds; those
-- two functions are the bets/providers boundary in SQL) and records the provider transaction. What it reads of
-- other modules' tables it reads through their owners' functions: the player from koi_player and
-- koi_player_by_username (auth), the game from koi_game_playable and koi_game_limits (games), the balance from
-- koi_ledger_available (wallet). Each is one SELECT in a STABLE SQL function, which PostgreSQL inlines into the
-- statement that calls it, so a statement here costs what it did when it named those tables itself.
--
-- One row, as OUT parameters (not a table function): callers assign it as an expression, which PL/pgSQL
-- evaluates without starting an executor and a tuple store for it, as it would for a set-returning function
-- on each of a batch's calls (perf in bench:games: executor start-up was a fifth of PostgreSQL's time).
-- r_status is the provider-protocol status (RS_OK or the refusal); r_balance the player's balance to answer
-- with, when the answer carries one; r_player_id the player; r_moved whether money moved (the caller then
-- signals the balance change, after this statement committed); r_alert_kind the kind of provider_alerts row
-- written for a refusal that operators must see.
--
-- Every refusal is decided before anything is written, except an alert row, which is the point of the
-- refusal and commits with it; the ledger's refusal (insufficient balance) writes nothing either. So a
-- refused call leaves no trace the provider's retry could trip over. Unexpected failures (the ledger's KW
-- errors other than an insufficient balance) raise and roll the whole call back.
--
-- p_shard is the house shard to prefer (a batch gives all its calls one, like the wallet's batcher, so a batch
-- holds one house shard); null prefers the player's own (koi_ledger_player_shard, the wallet's rule).
--
-- A bet is refused with RS_ERROR_INVALID_GAME when its game may not be played now (koi_game_playable, the games
-- module's rule: the game exists for this provider, is enabled, its provider is enabled, status 1 playable),
-- read with the game's type the round record needs, so it costs no statement of its own. Wins and
-- rollbacks of a game switched off still settle, as they do after a session ended.
--
-- Concurrency: the caller holds the round's advisory lock (pg_advisory_xact_lock(p_provider,
-- hashtext(p_round))) before it calls this, so a bet, its win and its rollback never interleave:
-- koi_provider_wallet_call takes it for its one call, and koi_provider_wallet_call_batch takes all its rounds'
-- locks in key order, in one statement, before its first call. (This function does not take the lock
-- again: taking the same lock a second time would cost every call a statement and its executor start.) In READ
-- COMMITTED each statement of this (volatile) function takes a new snapshot, so the reads after the lock see
-- everything the previous holder committed.
CREATE OR REPLACE FUNCTION koi_provider_wallet_step(
  p_kind smallint, p_provider integer, p_transaction_uuid text, p_reference_uuid text, p_request_uuid text,
  p_token_hash text, p_user text, p_round text, p_game_code text, p_amount bigint, p_close boolean,
  p_fingerprint text, p_now timestamptz, p_currency text, p_house text, p_shards integer,
  p_transfer_codes smallint[], p_amount_max bigint, p_max_win_multiplier integer, p_max_win_per_round bigint,
  p_shard integer, OUT r_status text, OUT r_balance bigint, OUT r_player_id bigint, OUT r_moved boolean,
  OUT r_alert_kind smallint)
RETURNS record
LANGUAGE plpgsql AS $$
DECLARE
  v_ref_uuid text := coalesce(p_reference_uuid, p_transaction_uuid);
  -- The ledger key carries the provider's transaction id hashed, not pasted in: whatever length the protocol
  -- allows, the key stays within the ledger's 128 characters, and no two ids share a key.
  v_uuid_hash text := encode(sha256(convert_to(p_transaction_uuid, 'UTF8')), 'hex');
  v_own_found boolean;
  v_own_fingerprint text;
  v_own_balance bigint;
  v_own_player bigint;
  v_ref_found boolean;
  v_ref_kind smallint;
  v_ref_player bigint;
  v_ref_user text;
  v_ref_round text;
  v_ref_game text;
  v_ref_amount bigint;
  v_ref_rolled_back boolean;
  v_session_status text;
  v_excluded timestamptz;
  v_player bigint;
  v_multi_win boolean;
  v_multiplier integer;
  v_max_round bigint;
  v_game_type integer;
  v_playable boolean;
  v_stake numeric;
  v_wins numeric;
  v_has_win boolean;
  v_limit numeric;
  v_amount bigint := 0;
  v_key text;
  v_code smallint;
  v_debit_player bigint;
  v_debit_system text;
  v_credit_player bigint;
  v_credit_system text;
  v_debit_after bigint;
  v_credit_after bigint;
  v_error text;
  v_balance bigint;
  v_moved boolean := false;
  v_status text;
  v_alert smallint;
  v_alert_player bigint;
  v_alert_amount bigint;
  v_alert_limit bigint;
BEGIN
  r_moved := false;

  -- A repeated transaction_uuid: the first answer again, or a duplicate when its details differ. The same
  -- statement reads whether a rollback already names the transaction the call names (a rollback may arrive
  -- before its bet): one probe of provider_transactions instead of two.
  SELECT o.transaction_uuid IS NOT NULL, o.fingerprint, o.balance_after_micro, o.player_id,
         EXISTS (SELECT 1 FROM provider_transactions r WHERE r.reference_transaction_uuid = v_ref_uuid
                 AND r.provider_id = p_provider AND r.kind = 3)
    INTO v_own_found, v_own_fingerprint, v_own_balance, v_own_player, v_ref_rolled_back
    FROM (SELECT 1) x LEFT JOIN provider_transactions o
      ON o.transaction_uuid = p_transaction_uuid AND o.provider_id = p_provider;
  IF v_own_found THEN
    IF v_own_fingerprint <> p_fingerprint THEN
      r_status := 'RS_ERROR_DUPLICATE_TRANSACTION';
    ELSE
      r_status := 'RS_OK';
      r_balance := v_own_balance;
      r_player_id := v_own_player;
    END IF;
    RETURN;
  END IF;

  -- The transaction the call names (a win's or rollback's bet, or a rollback's win; for a bet, itself). A bet
  -- names itself, which the probe above just failed to find, so it skips this read. The same statement reads
  -- the named transaction's game (a win's bounds, and the type its round record needs) and, for a win, the
  -- round's live stake and wins: every statement of a
  -- PL/pgSQL function costs an executor start, which bench:games counted on each of a round's calls.
  IF p_kind = 1 THEN
    v_ref_found := false;
  ELSE
    SELECT t.kind, t.player_id, p.r_username, t.round_id, t.game_code, t.amount_micro,
           g.r_multi_win, g.r_max_win_multiplier, g.r_max_win_per_round, g.r_game_type,
           w.stake, w.wins, w.has_win
      INTO v_ref_kind, v_ref_player, v_ref_user, v_ref_round, v_ref_game, v_ref_amount,
           v_multi_win, v_multiplier, v_max_round, v_game_type,
           v_stake, v_wins, v_has_win
      FROM provider_transactions t CROSS JOIN LATERAL koi_player(t.player_id) p
      LEFT JOIN LATERAL koi_game_limits(p_provider, t.game_code) g ON true
      -- A round's live bets and wins (those no rollback names), for a win's bounds; nothing for a rollback.
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(r.amount_micro) FILTER (WHERE r.kind = 1), 0) AS stake,
               coalesce(sum(r.amount_micro) FILTER (WHERE r.kind = 2), 0) AS wins,
               coalesce(bool_or(r.kind = 2 AND r.reference_transaction_uuid = v_ref_uuid), false) AS has_win
          FROM provider_transactions r
          WHERE p_kind = 2 AND r.provider_id = p_provider AND r.round_id = p_round AND r.kind <> 3
            AND NOT EXISTS (SELECT 1 FROM provider_transactions x WHERE x.provider_id = p_provider
                            AND x.round_id = p_round AND x.kind = 3 AND x.reference_transaction_uuid = r.transaction_uuid)) w
      WHERE t.transaction_uuid = v_ref_uuid AND t.provider_id = p_provider;
    v_ref_found := FOUND;
  END IF;

  <<decide>>
  BEGIN
    IF p_kind = 1 THEN
      IF v_ref_rolled_back THEN
        v_status := 'RS_ERROR_TRANSACTION_ROLLED_BACK';
        EXIT decide;
      END IF;
      -- The session and the game in one statement (koi_provider_session always answers one row); the
      -- refusals keep their order: the session's, self-exclusion, then the game.
      SELECT s.r_status, s.r_player_id, s.r_self_excluded_until, g.r_game_type, g.r_playable
        INTO v_session_status, v_player, v_excluded, v_game_type, v_playable
        FROM koi_provider_session(p_provider, p_token_hash, p_user, p_currency, p_now) s
        LEFT JOIN koi_game_playable(p_provider, p_game_code) g ON true;
      IF v_session_status <> 'RS_OK' THEN
        v_status := v_session_status;
        EXIT decide;
      END IF;
      IF v_excluded > p_now THEN
        v_status := 'RS_ERROR_USER_DISABLED';
        EXIT decide;
      END IF;
      IF NOT coalesce(v_playable, false) THEN
        v_status := 'RS_ERROR_INVALID_GAME';
        EXIT decide;
      END IF;
      -- A cap on the player's single stake (the bets module's koi_bet_stake_cap: a bonus's maximum bet while
      -- its turnover is open), read in this statement so a cap costs no round trip; the service checks a
      -- refusal again with the rule's owner, which lifts a cap whose requirement was just played through.
      IF p_amount > coalesce(koi_bet_stake_cap(v_player), p_amount) THEN
        v_status := 'RS_ERROR_LIMIT_REACHED';
        EXIT decide;
      END IF;
      v_amount := p_amount;
      v_key := 'p' || p_provider || ':bet:' || v_uuid_hash;
      v_code := p_transfer_codes[1];
      v_debit_player := v_player;
      v_credit_system := p_house;

    ELSIF p_kind = 2 THEN
      IF NOT v_ref_found OR v_ref_kind <> 1 OR v_ref_user <> p_user OR v_ref_round <> p_round THEN
        v_status := 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
        EXIT decide;
      END IF;
      IF v_ref_rolled_back THEN
        v_status := 'RS_ERROR_TRANSACTION_ROLLED_BACK';
        EXIT decide;
      END IF;
      v_player := v_ref_player;
      -- A provider is trusted with the outcome, not with unbounded money: one win per bet unless the game
      -- pays several, and a round's live wins within the game's multiple of its live stake and its maximum
      -- win (the configured defaults for what the game leaves unset, or for a game not in the catalogue).
      -- The bet's game and the round's sums came with the bet above.
      IF NOT coalesce(v_multi_win, false) AND v_has_win THEN
        v_status := 'RS_ERROR_DUPLICATE_TRANSACTION';
        v_alert := 2;
        v_alert_player := v_player;
        v_alert_amount := p_amount;
        EXIT decide;
      END IF;
      -- numeric, so that a huge stake times the multiplier cannot overflow.
      v_limit := least(v_stake * coalesce(v_multiplier, p_max_win_multiplier),
                       coalesce(v_max_round, p_max_win_per_round));
      IF v_wins + p_amount > v_limit THEN
        v_status := 'RS_ERROR_LIMIT_REACHED';
        v_alert := 1;
        v_alert_player := v_player;
        v_alert_amount := p_amount;
        v_alert_limit := v_limit;
        EXIT decide;
      END IF;
      v_amount := p_amount;
      v_key := 'p' || p_provider || ':win:' || v_uuid_hash;
      v_code := p_transfer_codes[2];
      v_debit_system := p_house;
      v_credit_player := v_player;

    ELSE
      -- No token check: a rollback is how a provider undoes a bet it could not finish, which may well be
      -- after the session ended. The player is the one the request names, exactly as spelled.
      SELECT p.r_id INTO v_player FROM koi_player_by_username(p_user) p;
      IF v_player IS NULL THEN
        v_status := 'RS_ERROR_INVALID_TOKEN';
        EXIT decide;
      END IF;
      IF v_ref_found AND (v_ref_kind = 3 OR v_ref_player <> v_player OR v_ref_round <> p_round) THEN
        v_status := 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
        EXIT decide;
      END IF;
      -- Refunding the stake of a round that paid a win would let the player keep both: the win must be
      -- rolled back first.
      IF v_ref_found AND v_ref_kind = 1 AND NOT v_ref_rolled_back AND EXISTS (
          SELECT 1 FROM provider_transactions t
          WHERE t.provider_id = p_provider AND t.round_id = p_round AND t.kind = 2 AND t.amount_micro > 0
            AND NOT EXISTS (SELECT 1 FROM provider_transactions r WHERE r.provider_id = p_provider
                            AND r.round_id = p_round AND r.kind = 3 AND r.reference_transaction_uuid = t.transaction_uuid)) THEN
        v_status := 'RS_ERROR_UNKNOWN';
        v_alert := 3;
        v_alert_player := v_player;
        v_alert_amount := v_ref_amount;
        EXIT decide;
      END IF;
      -- Before its bet (remembered with amount 0, so the late bet is refused) or already reversed by another
      -- rollback: accepted, and no money moves.
      IF v_ref_found AND NOT v_ref_rolled_back THEN
        v_amount := v_ref_amount;
        v_key := 'p' || p_provider || ':rollback:' || v_uuid_hash;
        v_code := p_transfer_codes[3];
        -- A bet's rollback refunds the stake; a win's takes the win back (refused, like a bet, when the
        -- player no longer has it: the provider retries once the balance allows).
        IF v_ref_kind = 2 THEN
          v_debit_player := v_player;
          v_credit_system := p_house;
        ELSE
          v_debit_system := p_house;
          v_credit_player := v_player;
        END IF;
      END IF;
    END IF;

    -- The money. The ledger refuses an insufficient balance as a result row without writing anything.
    IF v_amount > 0 THEN
      IF v_amount > p_amount_max THEN
        v_status := 'RS_ERROR_WRONG_TYPES';
        EXIT decide;
      END IF;
      SELECT t.r_debit_balance_after, t.r_credit_balance_after, t.r_error INTO v_debit_after, v_credit_after, v_error
        FROM koi_ledger_transfer(v_key, v_debit_player, v_debit_system, v_credit_player, v_credit_system, v_amount,
          v_code, false, null::timestamptz, 'round', p_provider || ':' || p_round, null::jsonb, p_currency,
          coalesce(p_shard, koi_ledger_player_shard(v_player, p_shards)), p_now) t;
      IF v_error = 'INSUFFICIENT_BALANCE' THEN
        v_status := 'RS_ERROR_NOT_ENOUGH_MONEY';
        v_balance := coalesce((SELECT a.r_available FROM koi_ledger_available(v_player, p_currency) a), 0::bigint);
        EXIT decide;
      END IF;
      IF v_error IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'KW000', MESSAGE = v_error;
      END IF;
      -- The cap again, now that the ledger holds the player's wallet. The first check read the caps with the
      -- snapshot of its own statement; a bonus grant that committed after it but before this call got the
      -- wallet (the grant writes its cap and credits the wallet in one transaction, and the transfer above
      -- waited for that wallet's lock) was invisible to it, and the bet would have staked the bonus above its
      -- maximum. This statement's snapshot is newer than the wallet lock, so it sees any such grant: the call
      -- then fails whole as a serialization failure, which its caller runs again (seamless.batcher.ts) and
      -- the first check refuses. A bet that got the wallet first is taken before the grant, which waits.
      IF p_kind = 1 AND p_amount > coalesce(koi_bet_stake_cap(v_player), p_amount) THEN
        RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = 'a stake cap was committed while the bet waited for the wallet';
      END IF;
      v_balance := CASE WHEN v_debit_player IS NOT NULL THEN v_debit_after ELSE v_credit_after END;
      v_moved := true;
    ELSE
      v_balance := coalesce((SELECT a.r_available FROM koi_ledger_available(v_player, p_currency) a), 0::bigint);
    END IF;

    -- The round (bets module) and the provider transaction, in the same statement as the money.
    IF p_kind IN (1, 2) THEN
      -- A bet read its game's type with the playable check, a win with its bounds when it names the bet's game.
      IF p_kind = 1 OR (p_kind = 2 AND p_game_code = v_ref_game) THEN
        v_game_type := coalesce(v_game_type, 5);
      ELSE
        v_game_type := coalesce((SELECT g.r_game_type FROM koi_game_limits(p_provider, p_game_code) g), 5);
      END IF;
      PERFORM koi_bet_round_record(p_provider, p_round, v_player, p_game_code, v_game_type,
        CASE WHEN p_kind = 1 THEN p_amount ELSE 0 END, CASE WHEN p_kind = 2 THEN p_amount ELSE 0 END,
        p_close, p_now);
    ELSIF v_ref_found AND NOT v_ref_rolled_back AND v_ref_kind = 2 THEN
      -- The win's game type came with the win above.
      v_game_type := coalesce(v_game_type, 5);
      PERFORM koi_bet_round_record(p_provider, v_ref_round, v_player, v_ref_game, v_game_type, 0, -v_amount,
        false, p_now);
    ELSIF v_ref_found AND NOT v_ref_rolled_back THEN
      PERFORM koi_bet_round_rolled_back(p_provider, v_ref_round, v_player, v_ref_amount, p_now);
    END IF;
    INSERT INTO provider_transactions (provider_id, transaction_uuid, request_uuid, kind, player_id, round_id,
      game_code, amount_micro, reference_transaction_uuid, fingerprint, balance_after_micro, ledger_key, created_at)
    VALUES (p_provider, p_transaction_uuid, p_request_uuid, p_kind, v_player, p_round, p_game_code,
      v_amount, p_reference_uuid, p_fingerprint,
      v_balance, CASE WHEN v_amount > 0 THEN v_key END, p_now);
    r_status := 'RS_OK';
    r_balance := v_balance;
    r_player_id := v_player;
    r_moved := v_moved;
    RETURN;
  END;

  -- A refusal. Alerts stay (one row per refused transaction and kind: retries add nothing).
  IF v_alert IS NOT NULL THEN
    INSERT INTO provider_alerts (provider_id, kind, player_id, round_id, game_code, transaction_uuid,
      amount_micro, limit_micro, created_at)
    VALUES (p_provider, v_alert, v_alert_player, p_round, p_game_code, p_transaction_uuid, v_alert_amount,
      v_alert_limit, p_now)
    ON CONFLICT DO NOTHING;
  END IF;
  r_status := v_status;
  r_balance := v_balance;
  r_player_id := v_player;
  r_alert_kind := v_alert;
END
$$;
