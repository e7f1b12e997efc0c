-- Every trip walk reads the newest trips, the ones a live marketplace inserts and
-- then updates as they progress (accepted, started, completed). PostgreSQL's
-- default vacuums a table after 20% of its rows change: 200,000 trips at a
-- million, so the newest tens of thousands carry dead versions and unset
-- visibility bits, and each walked trip costs a heap fetch, or two. Measured at
-- a million trips with the newest 20,000 updated: a phone fragment's walk of
-- 9,900 trips 12.2 ms, a word's 15.3. After 1% (10,000 at a million),
-- autovacuum ran 11 s after such an update and the walks took 3.2-5.2 and
-- 7.9-11.1 ms, no heap fetch. PGlite runs no autovacuum.
ALTER TABLE "rides" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
