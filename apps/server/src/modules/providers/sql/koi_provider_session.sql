-- Owned by the providers module (seamless wallet, src/modules/providers/seamless.service.ts).
--
-- A provider's game session by the hash of its token, judged in one query: r_status is RS_OK or the
-- provider-protocol status that refuses it, and r_available is the player's spendable balance (posted minus
-- held, 0 without a wallet) read in the same statement, so balance and user-info calls are one round trip.
-- p_user, when given, must be the session's player exactly as spelled. An ended session (sign-out, freeze,
-- self-exclusion) answers TOKEN_EXPIRED: callers that must still settle (wins, rollbacks) do not ask.
--
-- One SELECT in a STABLE SQL function, so that PostgreSQL inlines it into the statement that calls it (the
-- seamless wallet's bet step, the balance and user-info queries): no PL/pgSQL call, no materialised result.
-- Measured with pg_stat_statements during bench:games, a PL/pgSQL version costs about
-- twice its two statements. The player and the balance come from their owners' functions, koi_player (auth)
-- and koi_ledger_available (wallet), which are STABLE SQL too and so are inlined as well: the plan is the joins
-- this function would make if it read those tables itself. The status rules are one CASE, in this order:
-- unknown token, another provider's session or another user → INVALID_TOKEN; expired; frozen (status 2, the
-- auth module's PlayerStatus.FROZEN) → USER_DISABLED; ended → TOKEN_EXPIRED. Only an RS_OK answer carries the
-- player.
CREATE OR REPLACE FUNCTION koi_provider_session(
  p_provider integer, p_token_hash text, p_user text, p_currency text, p_now timestamptz)
RETURNS TABLE (r_status text, r_player_id bigint, r_username text, r_game_code text,
  r_self_excluded_until timestamptz, r_available bigint)
LANGUAGE sql STABLE AS $$
  SELECT v.status,
    CASE WHEN v.status = 'RS_OK' THEN s.player_id END,
    CASE WHEN v.status = 'RS_OK' THEN p.r_username END,
    CASE WHEN v.status = 'RS_OK' THEN s.game_code END,
    CASE WHEN v.status = 'RS_OK' THEN p.r_self_excluded_until END,
    CASE WHEN v.status = 'RS_OK' THEN coalesce((SELECT a.r_available FROM koi_ledger_available(s.player_id,
      p_currency) a), 0::bigint) END
  FROM (SELECT 1) one
  LEFT JOIN (provider_sessions s CROSS JOIN LATERAL koi_player(s.player_id) p) ON s.token_hash = p_token_hash
  CROSS JOIN LATERAL (SELECT CASE
      WHEN s.player_id IS NULL OR s.provider_id <> p_provider OR (p_user IS NOT NULL AND p.r_username <> p_user)
        THEN 'RS_ERROR_INVALID_TOKEN'
      WHEN s.expires_at <= p_now THEN 'RS_ERROR_TOKEN_EXPIRED'
      WHEN p.r_status = 2 THEN 'RS_ERROR_USER_DISABLED'
      WHEN s.ended_at IS NOT NULL THEN 'RS_ERROR_TOKEN_EXPIRED'
      ELSE 'RS_OK' END AS status) v
$$;
