-- provider_transactions loses its index by player and time: no query reads by it (players' game history
-- is read from bet_rounds), and every seamless wallet call paid a b-tree insert into it.
DROP INDEX IF EXISTS "provider_tx_player_idx";