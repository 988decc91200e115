-- Tells every node that a table behind a public, cached read (banners, bulletin, games, providers,
-- categories) changed, so it drops what it cached from that table (modules/events/public-cache.ts). One
-- notification per statement; PostgreSQL folds identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION koi_notify_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('koi_changes', 'public:' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
