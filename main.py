"""Entry point of the packaged app (`flet build`): the same app `scorekeeper` opens."""

import flet as ft

from scorekeeper.app.run import ASSETS, app_main, opening

ft.run(app_main(opening()), assets_dir=str(ASSETS))
