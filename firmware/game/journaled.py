# What the journal carries of a Game (docs/STORE.md, "Snapshots"): a
# power-up sets JOURNALED from the last snapshot record (store/snapshot.py)
# and applies the events after it. Every attribute of a Game (game/game.py)
# is in JOURNALED or in NOT_JOURNALED with the reason;
# tests/store/test_store_snapshot.py fails on one in neither, and compares
# every attribute after a recovery from snapshots with a full replay. A
# field added to Game goes in one of them (store/snapshot.py refuses to
# write a snapshot of a Game with a field in neither).
JOURNALED = (
    "seq", "t", "head", "config", "phase", "position",
    "result", "verdict", "fouls", "breaches", "empty_presses", "offers", "open_offer",
    "false_claims", "quiet_run", "foul_log", "result_seq", "started", "confirmed", "moved",
    "checks", "hashes", "late_reported", "setup_ok", "limit_reported", "alert",
    "pressed_between", "claimed",
)
NOT_JOURNALED = {
    # the clock: from the clock snapshot of the last clock event, run on to
    # the clock mark (the snapshot record names that clock snapshot)
    "clock": "clock snapshot",
    # the session's, set by the App or a power-up itself
    "sink": "session", "key": "session", "keyed": "session", "_last_now": "session", "snap_at": "session",
    "provisional": "session", "chain_broken": "recovery",
    # live only: no event sets them on a replay either, so a power-up
    # starts without them, with or without a snapshot (docs/STORE.md)
    "flagged": "live", "quota_unpressed": "live", "ruling": "live",
}
