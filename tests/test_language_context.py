"""The language as context: ``with language()`` reaches only its own thread or task,
interleaved blocks each take away their own, and ``set_language`` is the default every
context reads (a widget callback runs in a context of its own and must follow it).
"""

from __future__ import annotations

import asyncio
import contextvars
import threading

from fivecrowns_lab import Game, GameRules, check_meld, get_language, language, make_bot
from fivecrowns_lab.i18n import gettext as _
from fivecrowns_lab.i18n import set_language

ENGLISH_BOOK = "A book of three 8s."
DANISH_BOOK = "Et sæt med tre ottere."


def _book() -> str:
    return check_meld("8H 8H 8*", 1).reason


def test_language_block_in_one_thread_never_reaches_an_english_only_thread():
    stop = threading.Event()
    danish_open = threading.Event()
    danish_seen: list[str] = []

    def danish_thread() -> None:
        while not stop.is_set():
            with language("da"):
                danish_open.set()
                danish_seen.append(_book())

    switcher = threading.Thread(target=danish_thread)
    switcher.start()
    try:
        assert danish_open.wait(10)
        written = [_book() for _ in range(3000)]
    finally:
        stop.set()
        switcher.join()
    assert danish_seen and set(danish_seen) == {DANISH_BOOK}
    assert written.count(ENGLISH_BOOK) == len(written)  # no sentence leaked into Danish
    assert get_language() == "en"


def test_language_blocks_interleaved_in_two_generators_each_restore_their_own():
    def speaker(code: str):
        with language(code):
            yield get_language()
            yield get_language()

    for first, second in (("da", "en"), ("en", "da")):
        a, b = speaker(first), speaker(second)
        next(a), next(b)  # a's block opens, then b's inside it
        for gen in (a, b):  # a's block closes first, though b's opened after it
            next(gen)
            assert next(gen, None) is None
        assert get_language() == "en"
        a, b = speaker(first), speaker(second)
        next(a), next(b)
        for gen in (b, a):  # and in the other order
            next(gen)
            assert next(gen, None) is None
        assert get_language() == "en"


def test_language_blocks_in_two_asyncio_tasks_keep_their_own_language_across_awaits():
    async def speaker(code: str) -> list[str]:
        heard = []
        with language(code):
            for _turn in range(5):
                await asyncio.sleep(0)  # the other task runs, inside its own block
                heard.append(_book())
        return heard

    async def both() -> list[list[str]]:
        return list(await asyncio.gather(speaker("da"), speaker("en")))

    danish, english = asyncio.run(both())
    assert danish == [DANISH_BOOK] * 5
    assert english == [ENGLISH_BOOK] * 5
    assert get_language() == "en"


def test_language_blocks_nest_and_one_object_may_be_entered_twice():
    danish = language("da")
    with danish:
        with language("en"):
            assert get_language() == "en"
            with danish:
                assert get_language() == "da"
            assert get_language() == "en"
        assert get_language() == "da"
    assert get_language() == "en"


def test_set_language_is_the_default_a_widget_callbacks_context_follows():
    callback_context = contextvars.copy_context()  # made before the learner switches
    set_language("da")
    assert callback_context.run(get_language) == "da"
    assert callback_context.run(_book) == DANISH_BOOK
    heard: list[str] = []
    worker = threading.Thread(target=lambda: heard.append(get_language()))
    worker.start()
    worker.join()
    assert heard == ["da"]  # another thread follows the default too
    with language("en"):  # a block overrides the default in its own context only
        assert _book() == ENGLISH_BOOK
        assert callback_context.run(get_language) == "da"
    assert get_language() == "da"


def _danish_bot_after_one_move():
    game = Game(["A", "B"], GameRules(rounds=1), seed=5)
    bot = make_bot("greedy", 1)
    with language("da"):
        bot.choose(game.observation(game.current_player))
    return bot


def test_a_bots_reason_read_later_stays_in_the_language_it_was_asked_in():
    danish = _danish_bot_after_one_move().last_reason
    english_bot = make_bot("greedy", 1)
    game = Game(["A", "B"], GameRules(rounds=1), seed=5)
    english_bot.choose(game.observation(game.current_player))
    english = english_bot.last_reason
    assert danish != english
    bot = _danish_bot_after_one_move()
    with language("en"):
        assert bot.last_reason == danish  # read in English, written in the bot's Danish
    assert get_language() == "en"


def test_reading_a_bots_reason_in_one_thread_never_switches_another_thread():
    stop = threading.Event()
    reading = threading.Event()

    def reader() -> None:
        while not stop.is_set():
            _danish_bot_after_one_move().last_reason  # noqa: B018 - written when read
            reading.set()

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        assert reading.wait(10)
        written = [_("joker") + _book() for _turn in range(3000)]
    finally:
        stop.set()
        thread.join()
    assert set(written) == {"joker" + ENGLISH_BOOK}
