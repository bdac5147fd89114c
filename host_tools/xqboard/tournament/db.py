"""One SQLite file per event, safe against a crash mid-write.

Every change runs in one transaction (`with db:` commits or rolls back as a
whole); the file is in WAL mode with synchronous=FULL, so a power cut leaves
either the state before a command or the state after it, never half a round.

>>> db = connect(':memory:')
>>> db.execute('select count(*) from entrants').fetchone()[0]
0
"""
import sqlite3

SCHEMA_VERSION = 2         # 2: names need not be unique; pinyin, birth, sex, federation, ID, late entry

ENTRANTS = """
create table if not exists entrants (
    id integer primary key,
    kind text not null default 'player',     -- 'player' or 'team'
    name text not null,
    rating integer,
    club text,
    seed integer,                            -- 1 = top seed; null = unseeded
    number integer,                          -- pairing number (drawn)
    team_id integer references entrants(id), -- a team's member
    roster integer,                          -- board order in the team (11.1)
    grp integer,                             -- group of a group round robin (10.2)
    withdrawn_round integer,                 -- plays no round from this one (19.1)
    annulled integer not null default 0,     -- results cancelled (19.2)
    eliminated_round integer,                -- out of a 10.6 event from this round
    pinyin text,                             -- the name in pinyin, surname style ('WANG Tianyi')
    birth text,                              -- YYYY or YYYY-MM-DD
    sex text,                                -- 'm', 'f' or null
    federation text,                         -- e.g. 'CHN'
    player_id text,                          -- national or FIDE ID
    joined_round integer not null default 1  -- a late entry's first round (Swiss)
);
"""

SCHEMA = ENTRANTS + """
create table if not exists meta (key text primary key, value text not null);
create table if not exists rounds (
    no integer primary key,
    stage text not null default 'main',      -- 'main', 'ko' (10.5), 'W'/'L'/'F' (double ko)
    created text not null default (datetime('now'))
);
create table if not exists pairings (
    id integer primary key,
    round integer not null references rounds(no),
    table_no integer not null,
    red integer references entrants(id),     -- the side listed first (Red / 先走)
    black integer references entrants(id),   -- null: red has the bye
    bracket text,                            -- knockout slot, e.g. 'W1-3', 'L2-1', 'F'
    winner integer references entrants(id),  -- knockout: set by the arbiter when games tie
    float_red text, float_black text,        -- 'down'/'up' (+ '!' when forced), appendix 2 principle 9
    unique (round, table_no)
);
create table if not exists games (
    id integer primary key,
    pairing_id integer not null references pairings(id),
    game_no integer not null default 1,      -- game in the match (team board, or repeat game)
    board integer not null,                  -- board number in the hall (the board's [Board] tag)
    red_player integer references entrants(id),
    black_player integer references entrants(id),
    result text,                             -- '1-0' '0-1' '1/2-1/2' '+-' '-+' '--' 'void', null = not in
    rapid integer not null default 0,        -- rapid game (appendix 3 (5))
    fouls_red integer not null default 0,
    fouls_black integer not null default 0,
    termination text,
    source text,                             -- 'hand', 'pgn:<file>', 'withdrawal 19.3' ...
    unique (pairing_id, game_no)
);
create table if not exists penalties (
    id integer primary key,
    entrant integer not null references entrants(id),
    round integer,
    article text not null,                   -- '18.1' warning, '18.2' disqualified from the game
    note text
);
create table if not exists lineups (
    round integer not null, team integer not null, pos integer not null, player integer not null,
    primary key (round, team, pos)
);
"""


def upgrade(db, version):
    """Brings a file of an older SCHEMA_VERSION to this one, in one
    transaction (the entrants table is rebuilt without its unique names)."""
    if version == 1:
        db.execute("pragma foreign_keys = off")
        db.execute("begin")
        try:
            # SQLite's way to drop a constraint: a new table, copied, renamed
            db.execute(ENTRANTS.replace("if not exists entrants", "entrants_v2"))
            old = ", ".join(r[1] for r in db.execute("pragma table_info(entrants)"))
            db.execute("insert into entrants_v2 (%s) select %s from entrants" % (old, old))
            db.execute("drop table entrants")
            db.execute("alter table entrants_v2 rename to entrants")
            db.execute("insert or replace into meta values ('version', ?)", (str(SCHEMA_VERSION),))
            db.execute("commit")
        except BaseException:
            db.execute("rollback")
            raise
        db.execute("pragma foreign_keys = on")


def connect(path):
    db = sqlite3.connect(str(path))
    db.row_factory = sqlite3.Row
    db.execute("pragma foreign_keys = on")
    if str(path) != ":memory:":
        db.execute("pragma journal_mode = wal")
        db.execute("pragma synchronous = full")
    with db:
        db.executescript(SCHEMA)
    return db
