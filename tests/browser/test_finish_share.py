"""Win a real deal in Chromium at phone size by a known winning line (tests/data), see the finish
card, share it, open the link in a fresh browser context and play the same deal; then the
statistics page. Screenshots of the finish card and the statistics page in English and Spanish,
at 390×844 and 1366×768, under artifacts/screenshots/.

Most of the line is posted as the page's own plain forms (with the page's cookie); the last
moves are taps on the table.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.records.winning import MOVES, NUMBER

from .conftest import DESKTOP, PHONE

TAPPED = 4  # the line ends 6-F, 6-F, 6-F, W-F: played by taps
SHARE_STUB = """
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: async function (data) { (window.__shared = window.__shared || []).push(data); },
});
"""


def version(page: Page) -> int:
    return int(page.locator("#table input[name=version]").get_attribute("value") or "0")


def tap_home(page: Page, card) -> None:  # noqa: ANN001 - a Locator
    """Tap a card that should go to a foundation: at once when it has one place, else lift it
    and tap it again (the preferred place is the foundation)."""
    moves = page.locator("[data-stat=moves]").inner_text()
    card.click()
    page.wait_for_function(
        "m => document.querySelector('.selection-bar:not([hidden])')"
        " || document.querySelector('[data-stat=moves]').textContent !== m",
        arg=moves,
    )
    if page.locator(".selection-bar:visible").count():
        page.locator(".card.lifted").last.click()
    expect(page.locator("[data-stat=moves]")).not_to_have_text(moves)


def win_by_the_line(page: Page, base_url: str, hints: int = 0) -> None:
    """Win deal :data:`NUMBER` along the known line, after pressing Hint ``hints`` times."""
    page.goto(f"{base_url}/game/{NUMBER}?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    toggle = page.locator("#act-auto-safe")
    if toggle.get_attribute("aria-pressed") == "true":
        page.locator(".options > summary").click()  # the switches live in the Options menu
        toggle.click()  # "Move safe cards up" off: the line was found without auto-moves
    expect(page.locator("#act-auto-safe")).to_have_attribute("aria-pressed", "false")
    for _ in range(hints):
        page.locator("#act-hint").click()
        expect(page.locator(".hint-note")).to_be_visible()
    v = version(page)
    for move in MOVES[:-TAPPED]:
        r = page.request.post(
            f"{base_url}/game/{NUMBER}/move", form={"mode": "classic", "version": str(v), "move": move}, max_redirects=0
        )
        assert r.status == 303 and "notice" not in r.headers["location"], (move, r.headers["location"])
        v += 1
    page.reload()
    assert MOVES[-TAPPED:] == ["6-F", "6-F", "6-F", "W-F"]
    for _ in range(3):
        tap_home(page, page.locator("#table [data-pile='6'] .cards > .card").last)
    tap_home(page, page.locator("#table .waste .card").last)


def test_win_share_and_take_up_the_challenge_on_a_phone(browser: Browser, base_url: str, screenshots: Path) -> None:
    winner = browser.new_context(viewport=PHONE, has_touch=True)
    winner.add_init_script(SHARE_STUB)
    page = winner.new_page()
    win_by_the_line(page, base_url)

    card = page.locator("#finish-card")
    expect(card).to_be_visible()
    expect(card.locator(".fc-headline")).to_have_text("You won!")
    expect(card.locator("summary")).to_be_focused()  # the last tap's card went up: the card takes the focus
    expect(card.locator(".badge.record")).to_have_text("New record!")
    expect(card.locator(".badge.best")).to_have_text("Best on this deal")
    expect(card.locator("[data-fc=moves]")).to_have_text(str(len(MOVES)))
    expect(card.locator("[data-fc=home]")).to_have_text("104/104")
    expect(card.locator(".records-list li")).to_have_count(1)
    page.screenshot(path=screenshots / "finish_card_phone_en.png")

    # Share: the phone's share sheet (stubbed) gets the challenge link.
    page.locator("#fc-share").click()
    page.wait_for_function("() => (window.__shared || []).length === 1")
    shared = page.evaluate("() => window.__shared[0]")
    assert re.fullmatch(rf"{re.escape(base_url)}/s/[A-Za-z0-9_-]{{12}}", shared["url"])
    assert f"{NUMBER}" in shared["title"] and "won in" in shared["text"]
    expect(card.locator(".share-status")).to_contain_text("Shared.")

    # A friend opens the link in a fresh browser: who, their result, and the same deal.
    friend = browser.new_context(viewport=PHONE, has_touch=True)
    other = friend.new_page()
    other.goto(shared["url"])
    expect(other.locator("h1")).to_have_text("You are challenged to this deal")
    expect(other.locator("#challenge-result")).to_contain_text(f"won in {len(MOVES)} moves")
    assert other.locator("meta[property='og:image']").get_attribute("content") == shared["url"] + "/image-en.png"
    other.screenshot(path=screenshots / "challenge_phone_en.png")
    other.locator("#play-challenge").click()
    expect(other).to_have_url(f"{base_url}/game/{NUMBER}?mode=classic")
    expect(other.locator(".game-no")).to_have_text(f"#{NUMBER}")
    expect(other.locator("[data-stat=moves]")).to_have_text("0")
    other.locator("#table [data-pile='3'] .cards > .card").last.click()  # J♦ has one place: it goes
    expect(other.locator("[data-stat=moves]")).to_have_text("1")
    friend.close()

    # The winner's statistics, then both pages in Spanish through the switch.
    page.goto(f"{base_url}/stats")
    expect(page.locator("[data-stat=won]")).to_have_text("1")
    expect(page.locator("[data-stat=win-rate]")).to_have_text("100\xa0%")
    expect(page.locator(".results-chart rect.won")).to_have_count(1)
    page.screenshot(path=screenshots / "stats_phone_en.png", full_page=True)
    page.get_by_role("link", name="Español").click()
    expect(page.locator("h1")).to_have_text("Tus estadísticas")
    page.screenshot(path=screenshots / "stats_phone_es.png", full_page=True)
    page.goto(f"{base_url}/game/{NUMBER}?mode=classic")
    expect(page.locator("#finish-card .fc-headline")).to_have_text("¡Has ganado!")
    page.screenshot(path=screenshots / "finish_card_phone_es.png")

    # Desktop size, both languages.
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=screenshots / "finish_card_desktop_es.png")
    page.goto(f"{base_url}/stats")
    page.screenshot(path=screenshots / "stats_desktop_es.png")
    page.get_by_role("link", name="English").click()
    expect(page.locator("h1")).to_have_text("Your statistics")
    page.screenshot(path=screenshots / "stats_desktop_en.png")
    page.goto(f"{base_url}/game/{NUMBER}?mode=classic")
    page.screenshot(path=screenshots / "finish_card_desktop_en.png")
    # The card folds away to show the final table, without any script of ours.
    page.locator("#finish-card summary").click()
    expect(page.locator("#finish-card .fc-body")).to_be_hidden()
    winner.close()


def test_give_up_with_a_confirmation_and_share_by_clipboard(browser: Browser, base_url: str, screenshots: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    context.add_init_script("delete Navigator.prototype.share;")
    page = context.new_page()
    page.goto(f"{base_url}/game/777?mode=relaxed")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()  # the table's question
    expect(page.locator("#finish-card .fc-headline")).to_have_text("You gave up")
    expect(page.locator("#finish-card > summary")).to_be_focused()  # not the page's body
    page.keyboard.press("Tab")  # on into the card, not to the table behind it
    assert page.evaluate("document.activeElement.closest('#finish-card') !== null")
    share = page.locator("#fc-share").bounding_box()
    page.locator("#fc-share").click()
    expect(page.locator("#finish-card .share-status")).to_contain_text("Link copied")
    assert page.locator("#fc-share").bounding_box() == share  # its note did not push it to a new row
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert re.fullmatch(rf"{re.escape(base_url)}/s/[A-Za-z0-9_-]{{12}}", copied)
    page.screenshot(path=screenshots / "finish_card_gave_up_desktop_en.png")
    context.close()


def test_after_giving_up_a_reload_shows_the_finish_card_and_after_play_again_the_new_play(
    browser: Browser, base_url: str
) -> None:
    """A reload after Give up dealt the number afresh: the finish card, its Share and its
    analysis were gone (a play-tester's finding). The address is the card's now, until the
    card's Play this deal again, whose table a reload keeps."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base_url}/game/779?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#finish-card .fc-headline")).to_have_text("You gave up")
    expect(page).to_have_url(f"{base_url}/game/779/card?mode=classic")
    page.reload()
    expect(page.locator("#finish-card .fc-headline")).to_have_text("You gave up")
    page.locator("#fc-replay").click()
    expect(page.locator("#finish-card")).to_have_count(0)
    expect(page).to_have_url(f"{base_url}/game/779?mode=classic")
    page.locator("#stock").click()
    waste = page.locator("#table [data-pile='W'] [data-card]")
    expect(waste).to_have_count(1)
    page.reload()
    expect(page.locator("#finish-card")).to_have_count(0)
    expect(waste).to_have_count(1)  # the new play, as it stands
    context.close()


def test_give_up_and_share_without_javascript(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/game/778?mode=classic")
    page.locator("#stock").click()  # a deal not started has nothing to give up
    page.locator("#act-give-up").click()
    expect(page).to_have_url(f"{base_url}/game/778/give-up?mode=classic")
    page.locator("#confirm-give-up").click()
    expect(page).to_have_url(f"{base_url}/game/778/card?mode=classic")
    expect(page.locator("#finish-card .fc-headline")).to_have_text("You gave up")
    page.locator("#fc-share").click()
    expect(page).to_have_url(re.compile(r"/s/[A-Za-z0-9_-]{12}$"))
    expect(page.locator("#share-url")).to_have_text(page.url)
    expect(page.locator("h1")).to_have_text("Your challenge is ready")  # not "You are challenged"
    expect(page.locator("#challenge-result")).to_contain_text("Your result: gave up with")
    context.close()


def test_a_hinted_win_says_so_and_takes_no_record(browser: Browser, base_url: str, screenshots: Path) -> None:
    """Following the hints wins a pool deal: the finish card counts the win but gives no
    "New record!", keeps it off the deal's records and says why, in both languages."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    win_by_the_line(page, base_url, hints=1)
    card = page.locator("#finish-card")
    expect(card.locator(".fc-headline")).to_have_text("You won!")
    expect(card.locator("#fc-assisted")).to_have_text("Won with 1 hint: it counts in your statistics, not for records.")
    expect(card.locator(".badge")).to_have_count(0)
    expect(card.locator("[data-fc=hints]")).to_have_text("1")
    expect(card.locator(".records-list li.mine")).to_have_count(0)
    page.screenshot(path=screenshots / "finish_card_hinted_phone_en.png")
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=screenshots / "finish_card_hinted_desktop_en.png")
    page.get_by_role("link", name="Español").click()
    expect(card.locator("#fc-assisted")).to_have_text(
        "Ganada con 1 pista: cuenta en tus estadísticas, no para los récords."
    )
    page.screenshot(path=screenshots / "finish_card_hinted_desktop_es.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=screenshots / "finish_card_hinted_phone_es.png")
    page.goto(f"{base_url}/stats")
    expect(page.locator("[data-stat=won]")).to_have_text("1")
    context.close()
