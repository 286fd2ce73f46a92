"""An evening of English Rams where the table changes: Erik sits down for deal 4, Dag goes
home after deal 6 (his leave is recorded with deal 7), and Dag hands Bengt 4.00 before he
goes. SEK, one unit 0.50 (50 öre); Astrid deals first. Every figure worked by hand from
RULES.md ("Family 1: pot games", "Players who come and go"), units after each deal:

| deal | dealer | what happened | pot | A | B | C | D | E |
|---|---|---|---|---|---|---|---|---|
| 1 | A | single pot 5, share 1: B 2, C 3; A, D fly | 10 | -10 | 2 | 3 | -5 | |
| 2 | B | pot 15, share 3: C passed; D 1, A 4; B flies | 5 | 2 | -8 | 3 | -2 | |
| 3 | C | pot 10, share 2: A 2, B 1, C 2; D flies | 5 | 6 | -6 | 2 | -7 | |
| 4 | E | Erik sits; pot 10, share 2: A 2, B 2, C 1; D, E fly | 10 | 10 | -2 | 4 | -12 | -10 |
| 5 | D | pot 15, share 3: D passes; B 2, C 1, E 2; A flies | 5 | 5 | 4 | 7 | -17 | -4 |
| 6 | A | pot 10, share 2: D passes; B 5; C, E, A fly | 15 | -5 | 14 | 2 | -17 | -9 |
| 7 | B | Dag has left; pot 20, share 4: A 2, B 3; C, E fly | 10 | 3 | 21 | -3 | -17 | -14 |
| 8 | C | pot 15, share 3: A 2, B 1, C 2; E flies | 5 | 9 | 24 | -2 | -17 | -19 |

Erik sits after Cilla, who dealt deal 3, so Erik deals deal 4. Deal 7: Astrid dealt deal 6,
Bengt is next. Deal 8: Cilla, after Bengt.
"""

from __future__ import annotations

from scorekeeper.core import Deal, Join, Session, make_money, make_table
from scorekeeper.core.owed import Handover

A, B, C, D, E = "Astrid", "Bengt", "Cilla", "Dag", "Erik"
UNTIL_DAG_GOES = (
    Deal(tricks={B: 2, C: 3, A: 0, D: 0}),
    Deal(passed=(C,), tricks={D: 1, A: 4, B: 0}),
    Deal(tricks={D: 0, A: 2, B: 1, C: 2}),
    Deal(joins=(Join(E, C),), tricks={D: 0, A: 2, B: 2, C: 1, E: 0}),
    Deal(passed=(D,), tricks={A: 0, B: 2, C: 1, E: 2}),
    Deal(passed=(D,), tricks={B: 5, C: 0, E: 0, A: 0}),
)
AFTER_DAG_WENT = (
    Deal(leaves=(D,), tricks={C: 0, E: 0, A: 2, B: 3}),
    Deal(tricks={E: 0, A: 2, B: 1, C: 2}),
)
DAG_PAYS_BENGT = Handover(D, B, 400)


def evening(deals: tuple[Deal, ...] = UNTIL_DAG_GOES) -> Session:
    table = make_table("english", [A, B, C, D], A, {}, make_money("0.50", "SEK"))
    return Session.replay(table, deals)


def whole_evening() -> Session:
    return evening(UNTIL_DAG_GOES + AFTER_DAG_WENT)
