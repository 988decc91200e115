-- Owned by the providers module: the seamless wallet (src/modules/providers/seamless.service.ts, whose design
-- note lists the rules). One provider bet (p_kind 1), win (2) or rollback (3) in one statement, so in one round
-- trip and one short transaction: koi_provider_wallet_step does the work (its header says how), preferring the
-- player's own house shard. Concurrent calls go through koi_provider_wallet_call_batch instead, which runs the
-- same step for many calls in one transaction; this is the path of a call that arrives alone.
--
-- r_status is the provider-protocol status (RS_OK or the refusal); r_balance the player's balance to answer
-- with, when the answer carries one; r_player_id the player; r_moved whether money moved (the caller then
-- signals the balance change, after this statement committed); r_alert_kind the kind of provider_alerts row
-- written for a refusal that operators must see.
CREATE OR REPLACE FUNCTION koi_provider_wallet_call(
  p_kind smallint, p_provider integer, p_transaction_uuid text, p_reference_uuid text, p_request_uuid text,
  p_token_hash text, p_user text, p_round text, p_game_code text, p_amount bigint, p_close boolean,
  p_fingerprint text, p_now timestamptz, p_currency text, p_house text, p_shards integer,
  p_transfer_codes smallint[], p_amount_max bigint, p_max_win_multiplier integer, p_max_win_per_round bigint)
RETURNS TABLE (r_status text, r_balance bigint, r_player_id bigint, r_moved boolean, r_alert_kind smallint)
LANGUAGE plpgsql AS $$
BEGIN
  -- The round's lock, which koi_provider_wallet_step expects its caller to hold.
  PERFORM pg_advisory_xact_lock(p_provider, hashtext(p_round));
  RETURN QUERY SELECT s.r_status, s.r_balance, s.r_player_id, s.r_moved, s.r_alert_kind
    FROM koi_provider_wallet_step(p_kind, p_provider, p_transaction_uuid, p_reference_uuid, p_request_uuid,
      p_token_hash, p_user, p_round, p_game_code, p_amount, p_close, p_fingerprint, p_now, p_currency, p_house,
      p_shards, p_transfer_codes, p_amount_max, p_max_win_multiplier, p_max_win_per_round, null::integer) s;
END
$$;
