"""The event loop runs with room on CPython's frame stack (scorekeeper/app/frame_room.py):
a call that goes deep and comes back again and again, as Flet's diff does at every change,
maps no memory once the room is there. Counted in the thread's page faults: without the
room the same calls fault about 300 pages in at every pass, each a chunk of the frame
stack mapped anew where the depth crosses a chunk's end. A busy machine can fault a stray
page or two into any thread (a page of code reclaimed and read back), so the room is judged
against the same walk without it, not against nought."""

from __future__ import annotations

import resource

from scorekeeper.app.frame_room import with_room


def faults() -> int:
    return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt


def dive(depth: int) -> int:
    return 0 if depth == 0 else dive(depth - 1) + 1


def up_and_down() -> None:
    """Down to every depth from 10 to 300 and back, five times each: a diff's walk."""
    for depth in range(10, 300, 7):
        for _ in range(5):
            dive(depth)


def faults_of_a_second_walk() -> int:
    up_and_down()  # the room's pages are touched once
    before = faults()
    up_and_down()
    return faults() - before


def test_calls_in_the_room_map_no_new_frame_stack_as_they_go_deep_and_back():
    without_room = faults_of_a_second_walk()
    assert without_room >= 100  # the walk does cross chunk ends here
    assert with_room(faults_of_a_second_walk) * 10 <= without_room


def test_the_room_hands_back_what_it_ran():
    assert with_room(lambda: "Deal 7 saved") == "Deal 7 saved"
