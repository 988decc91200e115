-- Owned by the bets module (stake_caps; bets.schema.ts).
--
-- The largest single stake the player may place now: the smallest of their caps, or NULL when none applies.
-- The provider wallet step reads it in the statement that debits a bet, so a cap costs no extra round trip.
-- A single SELECT in LANGUAGE sql and STABLE. PostgreSQL does not inline it (it never inlines a function whose
-- query has an aggregate, and min() is one), so each call runs its own cached plan: a probe of stake_caps'
-- primary key (player_id, source), a player having at most one cap per source.
CREATE OR REPLACE FUNCTION koi_bet_stake_cap(p_player bigint)
RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT min(c.cap_micro) FROM stake_caps c WHERE c.player_id = p_player
$$;
