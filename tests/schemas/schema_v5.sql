-- stud_hh database schema.
-- schema-version: 5
--
-- GENERATED from pipelines/schema.py by `python -m pipelines.schema --write`: edit that
-- module, not this file (its docstring has the design notes).
--
-- This file is always the CURRENT schema: a new database is created from it in one go.
-- A database made by an older stud_hh is brought up to date by migrations/NNNN_*.sql,
-- where NNNN is the version a migration produces (see pipelines/migrate.py).

CREATE TABLE imports (
    import_id         INTEGER PRIMARY KEY,
    started_at        TIMESTAMPTZ NOT NULL,
    finished_at       TIMESTAMPTZ,
    status            VARCHAR NOT NULL,           -- running, done, failed, interrupted
    paths             VARCHAR[],
    rules             VARCHAR,
    jobs              INTEGER,
    files             INTEGER NOT NULL DEFAULT 0, -- files read (new, grown or changed)
    files_skipped     INTEGER NOT NULL DEFAULT 0, -- unchanged since the last import
    files_rejected    INTEGER NOT NULL DEFAULT 0, -- no hand in them (quarantined whole)
    hands_found       BIGINT NOT NULL DEFAULT 0,  -- = imported + duplicates + quarantined
    imported          BIGINT NOT NULL DEFAULT 0,
    duplicates        BIGINT NOT NULL DEFAULT 0,
    quarantined       BIGINT NOT NULL DEFAULT 0,
    with_violations   BIGINT NOT NULL DEFAULT 0,  -- imported hands with at least one
    violations        BIGINT NOT NULL DEFAULT 0,
    version           VARCHAR,                    -- stud_hh version that ran it
    -- what the run did not read (written when it ends): files that are not hand histories,
    -- files per site whose format is not read yet, hands of other games per game
    files_other       INTEGER NOT NULL DEFAULT 0,
    files_unsupported MAP(VARCHAR, INTEGER),
    other_games       MAP(VARCHAR, BIGINT),
    -- stored hands of earlier runs replaced by their whole text: a file's last hand read
    -- while the client was still writing it (count(hands) = sum(imported) - sum(replaced))
    replaced          BIGINT NOT NULL DEFAULT 0
);

-- One row per file ever read. The content hash covers the first hashed_bytes bytes, so a
-- file that only grew (the poker client appends) is recognised and resumed after
-- last_hand_line; a file whose start changed is read again (the anti-join drops what is
-- already stored). A last hand with no blank line after it yet may still be being written:
-- tail_hash keeps its text's hash, and the next run reads it again if it changed.
CREATE TABLE files (
    path           VARCHAR NOT NULL,
    size           BIGINT NOT NULL,
    mtime          TIMESTAMPTZ NOT NULL,
    content_hash   VARCHAR NOT NULL,
    hashed_bytes   BIGINT NOT NULL,
    bytes_imported BIGINT NOT NULL,      -- = size once complete, 0 while partial
    last_hand_line BIGINT NOT NULL,      -- start line of the last hand consumed
    hands          BIGINT NOT NULL,      -- hands found in it, over all imports
    complete       BOOLEAN NOT NULL,     -- false: killed mid-file or tail held back
    first_import   INTEGER NOT NULL,
    last_import    INTEGER NOT NULL,
    tail_hash      VARCHAR               -- the hand at last_hand_line is open
);

CREATE TABLE hands (
    hand_key      BIGINT NOT NULL,
    site          VARCHAR NOT NULL,
    hand_id       VARCHAR NOT NULL,
    game          VARCHAR NOT NULL,     -- stud, stud8, razz
    betting       VARCHAR NOT NULL,     -- fixed, spread, pot, no_limit
    stakes        VARCHAR NOT NULL,     -- "0.04/0.08", "50/100"
    small_bet     BIGINT NOT NULL,
    big_bet       BIGINT NOT NULL,
    ante          BIGINT,
    bring_in      BIGINT,
    currency      VARCHAR,
    play_money    BOOLEAN NOT NULL,
    tournament_id VARCHAR,
    level         VARCHAR,
    buy_in        VARCHAR,
    mixed         VARCHAR,
    table_name    VARCHAR NOT NULL,
    max_seats     SMALLINT,
    started_at    TIMESTAMPTZ NOT NULL,
    players       SMALLINT NOT NULL,    -- dealt in
    last_street   SMALLINT NOT NULL,    -- 3..7
    showdown      BOOLEAN NOT NULL,
    total_pot     BIGINT,
    rake          BIGINT,
    errors        SMALLINT NOT NULL,    -- root violations of severity error
    warnings      SMALLINT NOT NULL,    -- root violations of severity warning
    source_file   VARCHAR,
    source_line   BIGINT NOT NULL,
    import_id     INTEGER NOT NULL,
    -- all-in EV (stud_hh.equity.all_in_ev; docs/equity.md): set when money went in with a
    -- player all-in and every contender's cards are known, NULL otherwise (and for hands
    -- imported before version 5 until `stud-hh rebuild`)
    ev_street     SMALLINT,             -- street of the last all-in (3..7)
    ev_method     VARCHAR               -- exact, monte-carlo
);

CREATE TABLE hand_players (
    hand_key        BIGINT NOT NULL,
    seat            SMALLINT NOT NULL,
    player          VARCHAR NOT NULL,
    starting_stack  BIGINT NOT NULL,
    dealt_in        BOOLEAN NOT NULL,
    cards_known     VARCHAR NOT NULL,  -- "3d Th As Qc", first seen first; "" if none
    door_card       VARCHAR,
    final_street    SMALLINT,          -- street folded on, or the hand's last
    folded          BOOLEAN NOT NULL,
    contributed     BIGINT NOT NULL,   -- antes + bets, before returns
    collected       BIGINT NOT NULL,
    net_won         BIGINT NOT NULL,   -- collected + returned - contributed
    rake_share      BIGINT NOT NULL,   -- stud_hh.facts.rake_shares (docs/stats.md)
    showed          BOOLEAN NOT NULL,
    won_at_showdown BOOLEAN NOT NULL,
    -- all-in EV, NULL when the hand does not qualify (hands.ev_street) and for seats
    -- not dealt in. ev_net is an expectation, not an amount that changed hands:
    -- a DOUBLE in the smallest unit, its fractions of a unit kept, never rounded
    ev_equity       DOUBLE,            -- share of the pots paid out, expected at the last all-in
    ev_net          DOUBLE             -- expected net_won (the pots split by equity, less put in)
);

CREATE TABLE actions (
    hand_key     BIGINT NOT NULL,
    action_index INTEGER NOT NULL,  -- as Hand.player_actions() and violations
    street       SMALLINT NOT NULL,
    player       VARCHAR NOT NULL,
    kind         VARCHAR NOT NULL,  -- bring_in, complete, bet, raise, call, check, fold
    amount       BIGINT,            -- chips this action put in
    raise_to     BIGINT,            -- complete/raise: the street total
    all_in       BOOLEAN NOT NULL
);

CREATE TABLE violations (
    hand_key     BIGINT NOT NULL,
    code         VARCHAR NOT NULL,
    severity     VARCHAR NOT NULL,
    street       SMALLINT,
    action_index INTEGER,
    player       VARCHAR,
    rule         VARCHAR NOT NULL,
    message      VARCHAR NOT NULL,
    finding      SMALLINT,         -- its place among the hand's findings (0..)
    caused_by    SMALLINT          -- NULL: a root; else the root's finding
);

CREATE TABLE quarantine (
    import_id     INTEGER NOT NULL,
    kind          VARCHAR NOT NULL, -- hand (counted in hands_found) or file
    file          VARCHAR,
    line          BIGINT,           -- the offending line
    hand_line     BIGINT,           -- where the hand starts
    hand_id       VARCHAR,
    error         VARCHAR NOT NULL,
    raw_text      VARCHAR NOT NULL,
    -- the import that read this hand again once the client had finished writing it (the
    -- row then no longer counts as quarantined; NULL: it does)
    superseded_by INTEGER
);

-- One row per stored hand: the whole Hand (stud_hh.events), so a hand can be shown,
-- replayed and exported after its file has moved (pipelines/hand_events.py).
CREATE TABLE hand_events (
    hand_key BIGINT NOT NULL,
    events   BLOB NOT NULL USING COMPRESSION zstd  -- the Hand as msgspec MessagePack
);
