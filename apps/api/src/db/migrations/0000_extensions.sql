-- pg_trgm makes ILIKE %term% searches use GIN indexes (drizzle-kit does not emit it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
