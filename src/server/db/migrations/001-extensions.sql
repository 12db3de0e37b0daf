-- Extensions later features rely on: btree_gist for the exclusion constraint against
-- overlapping lessons, pg_trgm for typo-tolerant tutor search.
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
