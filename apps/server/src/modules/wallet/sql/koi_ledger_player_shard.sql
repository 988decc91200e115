-- Part of the wallet ledger (design note: src/modules/wallet/wallet.service.ts): the system-account shard a
-- player's transfers prefer (koi_ledger_pick_shard takes another only when it is busy), for other modules' SQL
-- that moves a player's money through koi_ledger_transfer (the providers' seamless wallet). The wallet service
-- applies the same rule in TypeScript (playerShard in wallet.service.ts), because it chooses the shard before
-- its one statement; wallet/shard.test.ts pins the two together.
--
-- One expression in an IMMUTABLE SQL function, which PostgreSQL inlines into the calling statement.
CREATE OR REPLACE FUNCTION koi_ledger_player_shard(p_player bigint, p_shards integer)
RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_player % p_shards)::integer
$$;
