-- Owned by the bets module (stake_caps; bets.schema.ts).
--
-- The largest single stake the player may place now: the smallest of their caps, or NULL when none applies.
-- The provider wallet step reads it in the statement that debits a bet, so a cap costs no extra round trip.
-- A single SELECT in LANGUAGE sql and STABLE: PostgreSQL inlines it into the caller, an index-only probe of
-- stake_caps' primary key.
CREATE OR REPLACE FUNCTION koi_bet_stake_cap(p_player bigint)
RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT min(c.cap_micro) FROM stake_caps c WHERE c.player_id = p_player
$$;
