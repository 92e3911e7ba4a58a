-- Version 2: each stored hand's events (pipelines/hand_events.py). Hands imported before
-- this version have none; `stud-hh show` re-reads their source file while it exists.
CREATE TABLE hand_events (
    hand_key        BIGINT NOT NULL,
    events          BLOB NOT NULL USING COMPRESSION zstd
);
