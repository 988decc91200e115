-- players is updated far more often than it grows: every sign-in writes its bookkeeping (last login, failed
-- attempts, locks), the daily VIP run raises levels in bulk, operators change standing. None of those columns is
-- indexed, so an update can stay on its page (a HOT update: no new index entries) when the page has room; at
-- the default fillfactor of 100 a page filled by inserts has none, and every such update writes a new entry
-- into each of the table's four indexes. 90 keeps a tenth of each page free for them. It applies to pages filled
-- from now on; existing pages keep their layout until rewritten.
ALTER TABLE "players" SET (fillfactor = 90);
