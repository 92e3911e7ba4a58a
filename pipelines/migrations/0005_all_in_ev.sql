-- Version 5: all-in EV (issue 21): each player's equity at the last all-in and his expected
-- net, beside the actual net; the street of the last all-in and how it was counted. Hands
-- stored before have NULL (no expectation computed) until `stud-hh rebuild` fills them.
ALTER TABLE hands ADD COLUMN ev_street SMALLINT;
ALTER TABLE hands ADD COLUMN ev_method VARCHAR;
ALTER TABLE hand_players ADD COLUMN ev_equity DOUBLE;
ALTER TABLE hand_players ADD COLUMN ev_net DOUBLE;
-- player_facts is made outside schema.sql (by the first import): the stats read its ev_net.
ALTER TABLE IF EXISTS player_facts ADD COLUMN IF NOT EXISTS ev_net DOUBLE;
