-- Version 3: what a run skipped, and hands read while the client was still writing them.
ALTER TABLE imports ADD COLUMN files_other INTEGER NOT NULL DEFAULT 0;
ALTER TABLE imports ADD COLUMN files_unsupported MAP(VARCHAR, INTEGER);
ALTER TABLE imports ADD COLUMN other_games MAP(VARCHAR, BIGINT);
ALTER TABLE imports ADD COLUMN replaced BIGINT NOT NULL DEFAULT 0;
ALTER TABLE files ADD COLUMN tail_hash VARCHAR;
ALTER TABLE quarantine ADD COLUMN superseded_by INTEGER;
