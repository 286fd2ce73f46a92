"""What the page hands a screen reader to read out as it comes (a live region's words):
caught as they are handed over, since Flutter's web engine clears them a moment later."""

from __future__ import annotations

from playwright.sync_api import Page

# Flutter's web engine writes a live region's new words into flt-announcement-polite (or
# -assertive) and clears them a moment later. While a dialog is open, or still closing, it
# first moves that element into the dialog (aria-modal: a screen reader there hears nothing
# outside it), so the words are caught on that element wherever it stands: looked for only
# under flt-announcement-host, a notice said as the Delete dialog closed went unheard.
HEARD = """
window.__announced = [];
new MutationObserver(records => {
    for (const record of records) {
        const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const region = node && node.closest
            && node.closest('flt-announcement-polite, flt-announcement-assertive');
        const said = region ? (region.textContent || '').trim() : '';
        if (said) window.__announced.push(said);
    }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def listen(page: Page) -> None:
    """From the next page loaded on: keep every word handed to the screen reader."""
    page.add_init_script(HEARD)


def heard(page: Page, words: str, timeout: int = 20_000) -> None:
    """Wait until ``words`` were handed to the screen reader (since ``listen``)."""
    # A figure held to its word by a no-break space is heard as a space.
    page.wait_for_function(
        "said => window.__announced.some(words => words.replace(/\\s+/g, ' ').includes(said))",
        arg=words, timeout=timeout)
