"""The app itself: a window, a browser tab, or the table served to every phone; and
where its data is."""

from __future__ import annotations

import sys

import click

from scorekeeper.cli.base import BROKEN, REFUSED, Context, main, refusals, refuse
from scorekeeper.platform import can_host_network_table, data_dir

PORTS = range(1, 65536)  # a TCP port; 0 would let the system pick one nobody was told of


def _port(ctx: Context, port: int) -> int:
    if port not in PORTS:
        refuse(ctx.t("cli.no_such_port", port=port, first=PORTS[0], last=PORTS[-1]), BROKEN)
    return port


@main.command()
@click.option("--port", default=8550, show_default=True, help="Port of the browser app.")
@click.option("--browser", is_flag=True, help="Open in the browser even if a window can open.")
@click.pass_obj
def app(ctx: Context, port: int, browser: bool) -> None:
    """Open the app: a desktop window, or the same app in the browser."""
    from scorekeeper.app.run import start

    with refusals(ctx.lang):
        start(ctx.database(), port=_port(ctx, port), browser=True if browser else None)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on; 0.0.0.0 shares the table on the local network.")
@click.option("--port", default=8550, show_default=True)
@click.pass_obj
def serve(ctx: Context, host: str, port: int) -> None:
    """Serve the table display, so every player can follow the scores on their phone.
    Off the loopback address a device needs the join code shown on the host's screen."""
    if not can_host_network_table():
        click.echo(ctx.t("cli.phone_no_serve"), err=True)
        sys.exit(REFUSED)
    from scorekeeper.app.run import serve as serve_app

    with refusals(ctx.lang):
        serve_app(ctx.database(), host=host, port=_port(ctx, port))


@main.command()
@click.pass_obj
def where(ctx: Context) -> None:
    """Which database every command (and the app) uses, and why."""
    with refusals(ctx.lang):
        choice = ctx.database()
    click.echo(ctx.t("cli.where_database", url=choice.shown,
                     why=ctx.t(f"cli.where_{choice.source}")))
    click.echo(ctx.t("cli.where_folder", folder=str(data_dir())))
