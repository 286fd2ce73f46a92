"""Issue 12: text and controls at WCAG AA contrast in both themes (4.5:1 for text, 3:1 for
the edges of controls), computed from the colours the app really sets."""

from __future__ import annotations

import pytest

from scorekeeper.app.theme import CONTROLS_ON, DARK, LIGHT, TEXT_ON, contrast

THEMES = {"light": LIGHT, "dark": DARK}


def test_contrast_is_computed_as_wcag_defines_it():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert contrast("#FFFFFF", "#FFFFFF") == pytest.approx(1.0)


@pytest.mark.parametrize("name", THEMES)
@pytest.mark.parametrize(("text", "background"), TEXT_ON)
def test_text_is_readable_at_4_5_to_1(name: str, text: str, background: str):
    colours = THEMES[name]
    assert contrast(colours[text], colours[background]) >= 4.5


@pytest.mark.parametrize("name", THEMES)
@pytest.mark.parametrize(("edge", "background"), CONTROLS_ON)
def test_controls_stand_out_at_3_to_1(name: str, edge: str, background: str):
    colours = THEMES[name]
    assert contrast(colours[edge], colours[background]) >= 3.0


@pytest.mark.parametrize("name", THEMES)
def test_both_themes_set_the_same_colours(name: str):
    assert set(THEMES[name]) == set(LIGHT)


@pytest.mark.parametrize("dark", [False, True])
def test_text_is_drawn_in_the_themes_own_text_colour(dark: bool):
    """The bundled fonts' text styles replace the theme's: without a colour of their own
    the text was black on the dark theme's dark cards."""
    from scorekeeper.app.theme import theme

    colours = DARK if dark else LIGHT
    styles = theme(dark).text_theme
    assert styles is not None
    for style in (styles.body_medium, styles.title_large, styles.label_large):
        assert style is not None
        assert style.color == colours["on_surface"]
