"""The addresses a guest's phone opens to reach ``scorekeeper serve`` on this network.

A server bound to every interface (0.0.0.0) is reached at each address this machine has
on a network; one bound to one address, at that address. The loopback and link-local
addresses are left out: no other device reaches them.
"""

from __future__ import annotations

import ipaddress
import socket

SCAN_PX = 6  # pixels per module: the picture is shown 200 px wide, a pixel per pixel or so
WILDCARDS = {"0.0.0.0": (socket.AF_INET,), "::": (socket.AF_INET, socket.AF_INET6),
             "": (socket.AF_INET, socket.AF_INET6)}


def guest_addresses(host: str, port: int) -> tuple[str, ...]:
    """Where guests open the table display: "http://192.168.1.20:8550", home networks'
    addresses first."""
    families = WILDCARDS.get(host)
    if families is None:
        return (url(ipaddress.ip_address(host) if _is_ip(host) else host, port),)
    import psutil  # only where `serve` runs: a desktop, never the phone package

    up = {name for name, stats in psutil.net_if_stats().items() if stats.isup}
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for name, addresses in psutil.net_if_addrs().items():
        for address in addresses:
            if name not in up or address.family not in families:
                continue
            ip = ipaddress.ip_address(address.address.split("%")[0])
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip in found):
                found.append(ip)
    found.sort(key=lambda ip: (ip.version, not ip.is_private, ip))
    return tuple(url(ip, port) for ip in found)


def scan_codes(addresses: tuple[str, ...]) -> tuple[bytes, ...]:
    """Each address as a picture a guest's camera reads: made once, when ``serve`` starts
    (the addresses do not change), so no screen draws a code while it draws."""
    from scorekeeper.payments.images import painted, symbol

    return tuple(painted(symbol(address), SCAN_PX) for address in addresses)


def url(host: ipaddress.IPv4Address | ipaddress.IPv6Address | str, port: int) -> str:
    shown = f"[{host}]" if isinstance(host, ipaddress.IPv6Address) else str(host)
    return f"http://{shown}:{port}"


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


__all__ = ["guest_addresses", "scan_codes"]
