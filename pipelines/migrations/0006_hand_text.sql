-- Version 6: a stored hand keeps its own text (pipelines/hand_events.py), parsed again when
-- it is shown, replayed or exported, instead of its Hand as MessagePack: half the cost to
-- write, a smaller file, and the original evidence. Hands stored before keep their events
-- (read as before); new imports leave the column NULL.
ALTER TABLE hand_events ALTER COLUMN events DROP NOT NULL;
ALTER TABLE hand_events ADD COLUMN text VARCHAR USING COMPRESSION zstd;
