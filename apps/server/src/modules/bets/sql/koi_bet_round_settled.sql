-- Owned by the bets module (see koi_bet_round_record.sql): a round that arrives already settled and is written
-- once, closed: an original's bet (its seed pair and nonce beside it) and a transfer-wallet provider's round
-- pulled from its bet history. A round already recorded (the same provider, round and player) is left as it is
-- and the feed unchanged, so a re-pulled page or a retried bet never counts twice; the answer says whether
-- this call recorded it. A valid round adds one bet, its stake and payout to the feed row of its settlement
-- day in the same transaction; an invalid one (a near-certain original) is recorded and counts nothing.
--
-- Concurrency: two writers of one round meet on bet_rounds' unique index; the second waits for the first to
-- commit and then inserts nothing, so the feed is added to once.
CREATE OR REPLACE FUNCTION koi_bet_round_settled(
  p_provider integer, p_round text, p_player bigint, p_game_code text, p_game_type integer, p_stake bigint,
  p_payout bigint, p_valid boolean, p_opened_at timestamptz, p_settled_at timestamptz, p_seed_id bigint,
  p_nonce integer)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bet_rounds (provider_id, round_id, player_id, game_code, game_type_id, stake_micro, payout_micro,
    status, opened_at, closed_at, settled_at, valid, seed_id, nonce)
  VALUES (p_provider, p_round, p_player, p_game_code, p_game_type, p_stake, p_payout, 2, p_opened_at,
    p_settled_at, p_settled_at, p_valid, p_seed_id, p_nonce)
  ON CONFLICT (provider_id, round_id, player_id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM koi_valid_bets_follow(p_player, p_provider, p_valid, p_settled_at, p_game_type,
    NULL, NULL, NULL, 2, p_stake, p_payout);
  RETURN true;
END
$$;
