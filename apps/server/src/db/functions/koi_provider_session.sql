-- Owned by the providers module (seamless wallet, src/modules/providers/seamless.service.ts).
--
-- A provider's game session by the hash of its token, judged in one query: r_status is RS_OK or the
-- provider-protocol status that refuses it, and r_available is the player's spendable balance (posted minus
-- held, 0 without a wallet) read in the same statement, so balance and user-info calls are one round trip.
-- p_user, when given, must be the session's player exactly as spelled. An ended session (sign-out, freeze,
-- self-exclusion) answers TOKEN_EXPIRED: callers that must still settle (wins, rollbacks) do not ask.
CREATE OR REPLACE FUNCTION koi_provider_session(
  p_provider integer, p_token_hash text, p_user text, p_currency text, p_now timestamptz)
RETURNS TABLE (r_status text, r_player_id bigint, r_username text, r_game_code text,
  r_self_excluded_until timestamptz, r_available bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_provider integer;
  v_player bigint;
  v_username text;
  v_game_code text;
  v_expires timestamptz;
  v_ended timestamptz;
  v_status smallint;
  v_excluded timestamptz;
BEGIN
  SELECT s.provider_id, s.player_id, p.username, s.game_code, s.expires_at, s.ended_at, p.status,
         p.self_excluded_until
    INTO v_provider, v_player, v_username, v_game_code, v_expires, v_ended, v_status, v_excluded
    FROM provider_sessions s JOIN players p ON p.id = s.player_id
    WHERE s.token_hash = p_token_hash;
  IF v_player IS NULL OR v_provider <> p_provider OR (p_user IS NOT NULL AND v_username <> p_user) THEN
    RETURN QUERY SELECT 'RS_ERROR_INVALID_TOKEN'::text, null::bigint, null::text, null::text,
      null::timestamptz, null::bigint;
    RETURN;
  END IF;
  -- In this order: expired, frozen (players.status 2, the auth module's PlayerStatus.FROZEN), ended.
  IF v_expires <= p_now THEN
    RETURN QUERY SELECT 'RS_ERROR_TOKEN_EXPIRED'::text, null::bigint, null::text, null::text,
      null::timestamptz, null::bigint;
    RETURN;
  END IF;
  IF v_status = 2 THEN
    RETURN QUERY SELECT 'RS_ERROR_USER_DISABLED'::text, null::bigint, null::text, null::text,
      null::timestamptz, null::bigint;
    RETURN;
  END IF;
  IF v_ended IS NOT NULL THEN
    RETURN QUERY SELECT 'RS_ERROR_TOKEN_EXPIRED'::text, null::bigint, null::text, null::text,
      null::timestamptz, null::bigint;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'RS_OK'::text, v_player, v_username, v_game_code, v_excluded,
    coalesce((SELECT a.credits_posted_micro - a.debits_posted_micro - a.debits_pending_micro
              FROM ledger_accounts a WHERE a.player_id = v_player AND a.currency = p_currency), 0::bigint);
END
$$;
