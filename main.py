"""Entry point of the packaged app (`flet build`): the same app `scorekeeper` opens."""

import flet as ft

from scorekeeper.app.frame_room import with_room
from scorekeeper.app.run import ASSETS, app_main, opening
from scorekeeper.platform import collect_seldom
from scorekeeper.session.where import choose_database

collect_seldom()

with_room(lambda: ft.run(app_main(opening(choose_database())), assets_dir=str(ASSETS)))
