# The repetition cases of the test suite (tests/test_rulings*.py), shared by
# the CPython tests and the MicroPython run (rulings_run.py). docs/RULINGS.md
# describes each one.
#
# Each case: (name, fen, moves, verdict, kinds, articles)
#   name     the test's name after `test_`, led by the article it shows
#   moves    ICCS moves that end in the repetition; "*2" repeats the last
#            four twice (a cycle of 4 plies played twice from the FEN,
#            which counts as the first occurrence)
#   verdict  'red loses', 'black loses', 'red must vary', 'black must
#            vary', 'draw', or None (nothing to rule, 23.3)
#   kinds    {move: kind or (kind, article...)} for moves of the cycle
#   articles articles the ruling must cite
# FSF: from Fairy-Stockfish's test.py (AXF rules), ranks shifted to ICCS.

def cycles():
    """(name, position, cycle) for each case with a cycle to rule: the
    position after its moves and the cycle xq.rulings.detect finds there
    (claimed by a player in the 23.4 cases). The firmware's modules: the
    benchmarks' loader (bench/bench_rulings.py, bench/target/
    bench_rulings_target.py), in MicroPython."""
    from xq.position import Position
    from xq.rulings import detect
    from xq.squares import parse_move

    for c in CASES:
        pos = Position(c[1])
        for t in c[2]:
            pos.push(parse_move(t))
        cyc = detect(pos, c[0].startswith("23_4"))
        if cyc is not None:
            yield c[0], pos, cyc


def _x2(ms):
    return ms * 2


CASES = [
    # -- art. 23: detection ------------------------------------------------
    ("23_1_threefold_both_idle_draw", "4k4/9/9/9/9/9/9/9/9/3K5 w",
     _x2(["d0d1", "e9e8", "d1d0", "e8e9"]), "draw",
     {"d0d1": "idle", "e9e8": "idle"}, ["23.1", "25.2", "23.5.2.1", "4.2.3"]),
    ("23_3_two_occurrences_not_ruled", "4k4/9/9/9/9/9/9/9/9/3K5 w",
     ["d0d1", "e9e8", "d1d0", "e8e9"], None, {}, []),
    ("23_2_first_move_counts_fsf_cannon_chase", "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w",
     ["c2a2"] + _x2(["a7b7", "a2b2", "b7a7", "b2a2"]), "red must vary",
     {"a2b2": "chase", "b2a2": "chase", "a7b7": "follow"}, ["23.1", "24.11", "25.3", "23.5.2.2", "4.1.5"]),
    ("23_2_capture_first_move_deducted_fsf", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w",
     ["a4a5"] + _x2(["a6b6", "a5b5", "b6a6", "b5a5"]), None, {}, []),
    ("23_4_nine_rounds_over_three_points_claimed", "4k4/9/9/9/9/9/9/9/9/R2K5 w",
     "a0a1 e9e8 a1a2 e8e9 a2a0 e9e8 a0a1 e8e9 a1a2 e9e8 a2a0 e8e9 a0a1 e9e8 a1a2 e8e9 a2a0 e9e8".split(),
     "draw", {"a0a1": "idle"}, ["23.4", "25.2", "4.2.3"]),
    # -- art. 24: what each move is ------------------------------------------
    ("24_1_check_25_1_perpetual_check_loses_fsf", "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w",
     _x2(["d6e6", "e4d4", "e6d6", "d4e4"]), "black loses",
     {"e4d4": "check", "d4e4": "check"}, ["24.9", "25.1", "23.5.1", "4.1.4"]),
    ("24_1_perpetual_check_by_soldier_loses_fsf", "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w",
     _x2(["f1e1", "f2e2", "e1f1", "e2f2"]), "black loses",
     {"f2e2": "check", "e2f2": "check"}, ["25.1", "4.1.4"]),
    ("24_2_mate_threat_24_10_perpetual_must_vary", "4k4/R8/7c1/9/7R1/9/9/9/9/3K5 w",
     _x2(["h5g5", "h7g7", "g5h5", "g7h7"]), "red must vary",
     {"h5g5": "mate threat", "g5h5": "mate threat"}, ["24.10", "25.3", "4.1.5"]),
    ("24_2_standing_mate_threat_not_renewed_fsf", "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w",
     ["b1a1"] + _x2(["a7b7", "a1c1", "c7d7", "c1b1", "b7a7", "b1d1", "d7c7", "d1a1"]), "draw",
     {"a7b7": "follow"}, ["25.2"]),
    ("24_3_chase_through_exchange_under_protected", "4k4/9/b8/9/2n1P2C1/9/9/2R6/9/3K5 w",
     _x2(["c2d2", "e9e8", "d2c2", "e8e9"]), "draw",
     {"d2c2": "chase", "c2d2": "idle"}, ["25.2"]),
    ("24_3_no_chase_when_mated_at_once_after", "5k3/9/1n4R2/1c7/9/9/7n1/9/r8/3AKA3 w",
     _x2(["g7g6", "f9f8", "g6g7", "f8f9"]), "draw",
     {"g7g6": "follow", "g6g7": "follow"}, ["25.2"]),
    ("24_3_same_chase_without_the_mate_must_vary", "5k3/9/1n4R2/1c7/9/9/9/9/r8/3AKA3 w",
     _x2(["g7g6", "f9f8", "g6g7", "f8f9"]), "red must vary",
     {"g7g6": "chase", "g6g7": "chase"}, ["24.11", "25.3"]),
    ("24_3_chase_by_checks_skewer", "n3r4/4k4/9/9/9/9/1RP6/9/9/3K5 w",
     _x2(["b3b4", "a9b7", "b4b3", "b7a9"]), "draw",
     {"b3b4": "chase", "a9b7": "sacrifice"}, ["25.2"]),
    ("24_3_chase_unprotected_direct_25_3_must_vary", "4k4/9/9/2n3n2/9/9/9/2R6/9/3K5 w",
     _x2(["c2g2", "e9e8", "g2c2", "e8e9"]), "red must vary",
     {"c2g2": ("chase", "24.3"), "g2c2": "chase", "e9e8": "idle"}, ["24.11", "24.14", "25.3", "4.1.5"]),
    ("24_3_chase_unprotected_cannon_fsf", "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w",
     _x2(["a1c1", "a4c4", "c1a1", "c4a4"]), "black must vary",
     {"a4c4": "chase", "c4a4": "chase"}, ["24.11", "25.3"]),
    ("24_3_discovered_chase_and_check_24_13_fsf", "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w",
     _x2(["f4d4", "f5d5", "d4f4", "d5f5"]), "red must vary",
     {"f4d4": "chase", "d4f4": "check"}, ["24.13", "25.3"]),
    ("24_3_discovered_chase_undermining_root_fsf", "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b",
     _x2(["e3g4", "e1f1", "g4e3", "f1e1"]), "black must vary",
     {"e3g4": "chase", "g4e3": "chase"}, ["24.11", "25.3"]),
    ("24_4_exchange_offer_24_12_allowed_fsf", "5k3/9/9/c8/9/P1P6/9/2C6/9/3K5 w",
     _x2(["c2a2", "a6c6", "a2c2", "c6a6"]), "draw",
     {"c2a2": "exchange offer", "a2c2": "exchange offer"}, ["25.2"]),
    ("24_5_sacrifice_fsf_d106_attack_unchanged", "3k2b2/4P4/4b4/9/8p/6Bc1/6P1P/3AB4/4pp3/1p1K3R1 w",
     _x2(["h0h1", "h4h3", "h1h0", "h3h4"]), "draw",
     {"h4h3": "sacrifice", "h0h1": "follow"}, ["25.2"]),
    ("24_6_block_fsf", "4k4/9/9/c1c6/9/r8/9/9/C8/3K5 w",
     _x2(["a1c1", "a4c4", "c1a1", "c4a4"]), "black must vary",
     {"a1c1": "block"}, []),
    ("24_7_follow_24_15_protected_not_chased", "2r1k1r2/9/9/2n3n2/9/9/9/2R6/9/3K5 w",
     _x2(["c2g2", "e9e8", "g2c2", "e8e9"]), "draw",
     {"c2g2": "follow", "g2c2": "follow"}, ["25.2"]),
    ("24_13_check_and_chase_forbidden_fsf", "3k5/9/9/9/9/9/9/9/cr1CAK3/9 w",
     _x2(["d1d3", "b1b3", "d3d1", "b3b1"]), "black must vary",
     {"b1b3": "check", "b3b1": "chase"}, ["24.13", "25.3"]),
    ("24_16_false_root_by_cannon_fsf", "5k3/9/9/9/9/1C7/1r7/9/1C7/4K4 w",
     _x2(["b4c4", "b3c3", "c4b4", "c3b3"]), "black must vary",
     {"b3c3": "chase"}, ["24.11", "25.3"]),
    ("24_16_false_root_king_cannot_recapture_fsf", "5k3/9/9/9/9/9/9/9/9/3NK1cr1 w",
     _x2(["d0c2", "h0h2", "c2d0", "h2h0"]), "black must vary",
     {"h0h2": "chase", "h2h0": "chase"}, ["25.3"]),
    ("24_17_joint_chase_26_8_3_single_chaser_varies", "c2ak4/1nc4n1/b8/9/9/9/N8/1R7/2N6/3K5 w",
     _x2(["b2h2", "a7c5", "h2b2", "c5a7"]), "red must vary",
     {"b2h2": "chase", "a7c5": "chase"}, ["25.4", "26.8.1", "26.8.3", "4.1.5"]),
    ("24_15_king_does_not_overprotect_draw_fsf", "3k5/9/9/3n5/9/9/3r5/9/9/3NK4 w",
     _x2(["d0c2", "d3c3", "c2d0", "c3d3"]), "draw", {}, ["25.2"]),
    ("24_15_king_protects_horse_chased_fsf", "3k5/9/9/9/9/9/3r5/9/9/3NK4 w",
     _x2(["d0c2", "d3c3", "c2d0", "c3d3"]), "black must vary",
     {"d3c3": "chase", "c3d3": "chase"}, ["24.11", "25.3"]),
    # -- art. 25 / 26.8: rulings -------------------------------------------------
    ("25_1_perpetual_check_loses", "4k4/9/9/9/9/9/9/9/3R5/5K3 w",
     _x2(["d1e1", "e9d9", "e1d1", "d9e9"]), "red loses",
     {"d1e1": "check", "e1d1": "check", "e9d9": "idle"}, ["24.9", "25.1", "23.5.1", "4.1.4"]),
    ("25_2_both_allowed_draw_fsf", "3k5/6c2/9/7P1/6c2/6P2/9/9/9/5K3 w",
     _x2(["h6g6", "g5h5", "g6h6", "h5g5"]), "draw", {}, ["25.2", "23.5.2.1", "4.2.3"]),
    ("26_8_1_unprotected_chaser_varies_against_protected", "4k4/1n2a2n1/4b3N/8P/2N6/2P6/9/9/1R7/3K5 w",
     _x2(["b1h1", "e7g5", "h1b1", "g5e7"]), "red must vary",
     {"b1h1": "chase", "e7g5": "chase"}, ["25.4", "26.8.1", "23.5.2.2", "4.1.5"]),
    ("26_8_2_single_chaser_of_chariots_varies_against_joint", "c2ak4/2c4r1/b2r5/6N2/9/9/R8/9/2R6/5K3 w",
     _x2(["g6e5", "a7c5", "e5g6", "c5a7"]), "red must vary",
     {"g6e5": "chase", "a7c5": "chase"}, ["25.4", "26.8.1", "26.8.2", "4.1.5"]),
    ("26_8_4_mutual_perpetual_check_draw_fsf", "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w",
     _x2(["e3d3", "d6e6", "d3e3", "e6d6"]), "draw",
     {"e3d3": "check", "d6e6": "check"}, ["25.4", "26.8.4", "4.2.3"]),
    ("26_8_4_mutual_chase_draw_fsf", "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w",
     ["f6h6"] + _x2(["h8f7", "h6h7", "f7g5", "h7g7", "g5i6", "g7g6", "i6h8", "g6h6"]), "draw",
     {"h8f7": "chase", "h6h7": "chase"}, ["26.8.4"]),
    ("26_8_4_false_root_mutual_chase_draw_fsf", "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w",
     _x2(["f8f6", "f9e8", "f6f8", "e8f9"]), "draw", {}, ["26.8.4"]),
    # -- art. 26: special cases ------------------------------------------------------
    ("26_1_general_may_chase", "5k3/9/9/9/9/9/9/3n5/4K4/9 w",
     _x2(["e1d1", "f9f8", "d1e1", "f8f9"]), "draw",
     {"e1d1": ("follow", "26.1")}, ["25.2"]),
    ("26_1_soldier_may_chase_fsf", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/1C1AKA3 w",
     ["a4a5"] + ["a6b6", "a5b5", "b6a6", "b5a5"] * 2 + ["a6b6"], "draw",
     {"b5a5": ("follow", "26.1")}, ["25.2"]),
    ("26_1_1_general_unpins_a_chaser_fsf_differs", "4k4/9/9/9/4n4/9/5C3/9/4N4/4K4 w",
     _x2(["e1g0", "e9f9", "g0e1", "f9e9"]), "black must vary",
     {"e9f9": ("chase", "26.1.1")}, ["25.3"]),
    ("26_2_lone_attacker_on_key_point_takes_elephants_idle", "4k4/9/N7R/9/2r6/9/9/9/9/2BK2B2 w",
     _x2(["d0d1", "c5g5", "d1d0", "g5c5"]), "draw",
     {"c5g5": ("follow", "26.2"), "g5c5": ("follow", "26.2")}, ["25.2"]),
    ("26_2_not_alone_the_same_chase_must_vary", "4k4/9/N7R/9/2r6/9/n8/9/9/2BK2B2 w",
     _x2(["d0d1", "c5g5", "d1d0", "g5c5"]), "black must vary",
     {"c5g5": "chase", "g5c5": "chase"}, ["24.11", "25.3"]),
    ("26_1_2_general_answer_to_check_is_idle_fsf", "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w",
     _x2(["f1e1", "f2e2", "e1f1", "e2f2"]), "black loses",
     {"f1e1": ("idle", "26.1.2"), "e1f1": ("idle", "26.1.2")}, ["25.1"]),
    ("24_18_self_inflicted_check_26_3_answer_not_mate", "r3k4/9/4P4/9/1R7/9/9/9/4A4/4K4 b",
     _x2(["a9a0", "e1d0", "a0a9", "d0e1"]), "draw",
     {"a9a0": ("check", "24.18"), "e1d0": ("block", "26.3")}, ["25.2"]),
    ("26_5_root_chaser_even_trade_is_chase", "4k4/9/9/9/9/6n2/3R3n1/9/3N4r/5K3 w",
     _x2(["d3d4", "e9e8", "d4d3", "e8e9"]), "red must vary",
     {"d3d4": ("chase", "26.5"), "d4d3": ("chase", "26.5")}, ["24.11", "25.3"]),
    ("26_5_root_chaser_losing_trade_is_idle", "4k4/9/9/9/9/6p2/3R3p1/9/3N4r/5K3 w",
     _x2(["d3d4", "e9e8", "d4d3", "e8e9"]), "draw",
     {"d3d4": ("follow", "26.5"), "d4d3": ("follow", "26.5")}, ["25.2"]),
    ("26_4_exchange_offer_and_chase_is_chase", "c3k4/9/9/p1n3n2/9/9/9/r1R6/4N4/3K5 w",
     _x2(["c2g2", "e9e8", "g2c2", "e8e9"]), "red must vary",
     {"c2g2": ("chase", "26.4"), "g2c2": ("chase", "26.4")}, ["24.11", "25.3"]),
    ("26_9_same_type_offer_mated_if_accepted_is_chase", "r3k1b2/9/4P4/9/1R7/2R6/9/9/9/4K4 w",
     _x2(["c4a4", "g9i7", "a4c4", "i7g9"]), "draw",
     {"c4a4": ("chase", "26.9")}, ["25.2"]),
    ("26_9_same_type_offer_otherwise_exchange", "r3k1b2/9/4P4/9/9/2R6/9/9/9/4K4 w",
     _x2(["c4a4", "g9i7", "a4c4", "i7g9"]), "draw",
     {"c4a4": "exchange offer"}, ["25.2"]),
    ("26_10_1_chariot_and_horse_on_unprotected_horse_chase", "4k4/9/9/9/3n5/R8/4N4/9/9/3K5 w",
     _x2(["a4a5", "e9e8", "a5a4", "e8e9"]), "draw",
     {"a4a5": ("chase", "26.10"), "a5a4": "idle"}, ["25.2"]),
    ("26_10_2_protected_horse_roots_safe_no_chase", "3rk4/9/2n6/9/3n5/R8/4N4/9/9/3K5 w",
     _x2(["a4a5", "e9e8", "a5a4", "e8e9"]), "draw",
     {"a4a5": "follow"}, ["25.2"]),
    ("26_6_uncrossed_soldier_not_chased", "4k4/9/9/2p3p2/9/9/9/2R6/9/3K5 w",
     _x2(["c2g2", "e9e8", "g2c2", "e8e9"]), "draw",
     {"c2g2": ("follow", "26.6"), "g2c2": "follow"}, ["25.2"]),
    ("26_8_3_soldier_and_cannon_joint_chase_fsf_differs", "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w",
     ["a4a5"] + ["a6b6", "a5b5", "b6a6", "b5a5"] * 2 + ["a6b6"], "black must vary",
     {"a5b5": ("chase", "26.1.1"), "a6b6": "chase"}, ["26.8.1", "26.8.3"]),
]

# Fairy-Stockfish's own verdict (AXF) on the FSF cases, for the oracle test:
# name -> (pyffish moves are these ICCS moves, the side AXF rules against
# or None for a draw). Where the 2011 rules differ, the case name says so.
FSF_SIDE = {
    "23_2_first_move_counts_fsf_cannon_chase": "red",
    "24_1_check_25_1_perpetual_check_loses_fsf": "black",
    "24_1_perpetual_check_by_soldier_loses_fsf": "black",
    "24_2_standing_mate_threat_not_renewed_fsf": None,
    "24_3_chase_unprotected_cannon_fsf": "black",
    "24_3_discovered_chase_and_check_24_13_fsf": "red",
    "24_3_discovered_chase_undermining_root_fsf": "black",
    "24_4_exchange_offer_24_12_allowed_fsf": None,
    "24_5_sacrifice_fsf_d106_attack_unchanged": None,
    "24_6_block_fsf": "black",
    "24_13_check_and_chase_forbidden_fsf": "black",
    "24_16_false_root_by_cannon_fsf": "black",
    "24_16_false_root_king_cannot_recapture_fsf": "black",
    "24_15_king_does_not_overprotect_draw_fsf": None,
    "24_15_king_protects_horse_chased_fsf": "black",
    "26_8_4_false_root_mutual_chase_draw_fsf": None,
    "25_2_both_allowed_draw_fsf": None,
    "26_8_4_mutual_perpetual_check_draw_fsf": None,
    "26_8_4_mutual_chase_draw_fsf": None,
    "26_1_soldier_may_chase_fsf": None,
}
