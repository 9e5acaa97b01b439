-- Issue 31. A tournament's seating lease: the node seating its current
-- round (or arena seating) and until when (unix milliseconds; 0: none).
-- Set with the move to the round, cleared once the round's tables are
-- linked; a lease that expired with the round unseated (its node died)
-- is claimed by another node, which seats the tables not yet linked.
ALTER TABLE tournaments ADD COLUMN seating_node TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN seating_until BIGINT NOT NULL DEFAULT 0;
