"""The colours of the table, light and dark: every pair of text and background the screens
use is set here explicitly, so its contrast is known (WCAG AA: 4.5:1 for text, 3:1 for
controls) and tested, instead of being whatever a seed colour happens to produce."""

from __future__ import annotations

import functools

import flet as ft

from scorekeeper.app import fonts

FELT = "#2E6B30"  # the green of a card table

LIGHT: dict[str, str] = {
    "primary": FELT, "on_primary": "#FFFFFF",
    "primary_container": "#B7F0B0", "on_primary_container": "#002204",
    "secondary_container": "#D6E8D1", "on_secondary_container": "#111F0F",
    "tertiary": "#38656A", "on_tertiary": "#FFFFFF",
    "surface": "#F7FAF5", "on_surface": "#1A1C19", "on_surface_variant": "#424940",
    "surface_container_low": "#F1F5EE", "surface_container": "#EBEFE8",
    "surface_container_high": "#E5EAE2", "surface_container_highest": "#DFE4DC",
    "outline": "#6F766C",
    "error": "#BA1A1A", "on_error": "#FFFFFF",
    "error_container": "#FFDAD6", "on_error_container": "#410002",
}
DARK: dict[str, str] = {
    "primary": "#9CD595", "on_primary": "#00390A",
    "primary_container": "#14521B", "on_primary_container": "#B7F0B0",
    "secondary_container": "#3B4B38", "on_secondary_container": "#D6E8D1",
    "tertiary": "#A0CFD4", "on_tertiary": "#00363B",
    "surface": "#111410", "on_surface": "#E1E4DC", "on_surface_variant": "#C2C9BD",
    "surface_container_low": "#1A1D18", "surface_container": "#1E211C",
    "surface_container_high": "#282B26", "surface_container_highest": "#333630",
    "outline": "#8C9388",
    "error": "#FFB4AB", "on_error": "#690005",
    "error_container": "#93000A", "on_error_container": "#FFDAD6",
}

# The text the screens put on each background, and the controls' edges on each.
TEXT_ON = (
    ("on_surface", "surface"), ("on_surface", "surface_container_low"),
    ("on_surface", "surface_container"), ("on_surface", "surface_container_high"),
    ("on_surface", "surface_container_highest"), ("on_surface_variant", "surface"),
    ("on_surface_variant", "surface_container_high"), ("on_primary", "primary"),
    ("on_primary_container", "primary_container"),
    ("on_secondary_container", "secondary_container"), ("on_tertiary", "tertiary"),
    ("on_error", "error"), ("on_error_container", "error_container"),
    ("primary", "surface"), ("primary", "surface_container_high"),
    ("error", "surface"), ("tertiary", "surface_container_high"),
)
CONTROLS_ON = (
    ("outline", "surface"), ("outline", "surface_container_high"),
    ("outline", "surface_container_highest"), ("primary", "surface_container_high"),
    ("primary", "primary_container"),
)


@functools.cache  # one theme object per mode: the page's diff then skips it untouched
def theme(dark: bool) -> ft.Theme:
    colours = DARK if dark else LIGHT
    return fonts.theme(text_color=colours["on_surface"], color_scheme_seed=FELT,
                       color_scheme=ft.ColorScheme(**colours))


def contrast(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two ``#RRGGBB`` colours."""
    lighter, darker = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    def channel(hex_pair: str) -> float:
        value = int(hex_pair, 16) / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(colour[i:i + 2]) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
