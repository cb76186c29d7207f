"""The play lesson's parts: the bot levels, the focus helper, and what the table holds.

:class:`PlayParts` names every widget and every piece of state the play lesson keeps
(the game, the seats' players, the melds staged this turn, the pending "Go out?"), so
the modules that draw the table (:mod:`.play_screen`), take the learner's moves
(:mod:`.play_turn`) and run the game (:mod:`.play`) each read them by name. Nothing here
decides a rule: the game, the turn in progress and the coach are the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape

import anywidget
import ipywidgets as widgets
import traitlets

from ..content.coach import Coach
from ..core.cards import Card
from ..errors import LessonError
from ..i18n import N_, and_list
from ..i18n import gettext as _
from ..table.actions import Action
from ..table.game import Game
from ..table.players import BOT_DESCRIPTIONS, BOT_WORDS, BOTS, Player
from ..table.turn_in_progress import TurnInProgress
from .base import ClampedIntText, View
from .hand import HandWidget
from .play_html import coach_html, public_move

__all__ = ["PlayParts", "bot_levels", "hint_level", "level_text", "thought"]

HUMAN_NAMES = (N_("You"), N_("Friend"), N_("Guest"))
# The bot levels' names as a learner reads them (make_bot keeps the English names).
_LEVEL_NAMES = {**BOT_WORDS, "scripted": N_("scripted"), "computer": N_("computer")}


def thought(name: str, bot: Player) -> str:
    """A bot's reason for its move as the moves log quotes it: its name, then its words
    (a reason never says "you", so it reads as the bot's own thought)."""
    reason = getattr(bot, "last_reason", "")
    return _("{name} thought: “{reason}”").format(name=name, reason=reason) if reason else ""


def level_text(level: str) -> str:
    return _(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level


MODES = ((N_("Coached first game"), "coached"), (N_("Free play"), "free"))


def bot_levels() -> list[str]:
    """The bot levels a learner can choose, weakest first (described ones first).

    A name in ``BOTS`` that only aliases a described level (same factory) is left out.
    """
    described = [name for name in BOT_DESCRIPTIONS if name in BOTS]
    factories = [BOTS[name] for name in described]
    return described + [name for name, f in BOTS.items() if f not in factories]


def level_name(level: str) -> str:
    """The chooser's name for ``level`` (an alias becomes the level it stands for)."""
    for name in bot_levels():
        if name == level or (level in BOTS and BOTS[name] is BOTS[level]):
            return name
    known = ", ".join(bot_levels())
    raise LessonError(f"There is no {level!r} bot; choose one of {known}.")


def hint_level() -> str:
    """The bot behind *Hint*: the expert when there is one, else the strongest level."""
    return "expert" if "expert" in BOTS else bot_levels()[-1]


def describe_level(name: str) -> str:
    return _(BOT_DESCRIPTIONS[name]) if name in BOT_DESCRIPTIONS else _("A computer player.")


class Focus(anywidget.AnyWidget):
    """Moves the keyboard focus to a control of the enclosing view (no visible output)."""

    _esm = """
    function render({ model, el }) {
      el.style.display = "none";
      model.on("msg:custom", (msg) => {
        const attempt = (left) => {
          const root = el.closest(".fc-view") || document;
          const target = root.querySelector(msg.selector);
          if (target && !target.disabled && target.offsetParent !== null) {
            target.focus();
          } else if (left > 0) {
            setTimeout(() => attempt(left - 1), 80);
          }
        };
        setTimeout(() => attempt(12), 30);
      });
    }
    export default { render };
    """
    selector = traitlets.Unicode("").tag(sync=True)


class PlayParts(View):
    """The play lesson's widgets and state, and the small questions every part asks."""

    # -- the setup
    mode: widgets.ToggleButtons
    settings_button: widgets.ToggleButton
    bots: ClampedIntText
    level: widgets.Dropdown
    level_text: widgets.HTML
    humans: widgets.Dropdown
    rounds: widgets.Dropdown
    variants: dict[str, widgets.Checkbox]
    playoff: widgets.Checkbox
    seed: ClampedIntText
    new_button: widgets.Button
    setup_note: widgets.HTML
    setup: widgets.VBox
    # -- the table
    coach: widgets.HTML
    banner: widgets.HTML
    banner_box: widgets.HBox
    again_button: widgets.Button
    table: widgets.HTML
    turn: widgets.HTML
    piles: widgets.HBox
    stock_button: widgets.Button
    discard_button: widgets.Button
    discard_view: widgets.HTML
    hand: HandWidget
    melds_view: widgets.HTML
    moves_box: widgets.HBox
    lay_button: widgets.Button
    throw_button: widgets.Button
    take_back_button: widgets.Button
    confirm_box: widgets.HBox
    confirm_text: widgets.HTML
    confirm_yes: widgets.Button
    confirm_no: widgets.Button
    hint_button: widgets.Button
    reveal_button: widgets.Button
    next_button: widgets.Button
    hint_text: widgets.HTML
    log_view: widgets.HTML
    summary: widgets.HTML
    sheet: widgets.HTML
    focuser: Focus
    # -- the game and the turn in progress
    game: Game
    people: int
    players: dict[int, Player]
    coach_script: Coach | None
    moves: list[tuple[str, str]]  # (what everyone saw, the bot's reason)
    shown_to: int | None
    staged: list[tuple[Card, ...]]  # the melds laid down this turn (see TurnInProgress)
    pending: tuple[Card, Card] | None  # (card clicked, card that goes out)
    focused: widgets.Widget | None

    def new_game(self) -> None:
        """Start a game (the lesson's own, in :mod:`.play`)."""
        raise NotImplementedError

    def _run_bots(self) -> None:
        """Play the bots' turns (the lesson's own, in :mod:`.play`)."""
        raise NotImplementedError

    @property
    def coached(self) -> bool:
        """True in the coached first game."""
        return bool(self.mode.value == "coached")

    @property
    def coach_flags(self) -> list[str]:
        """The mistakes the coach has flagged in this game."""
        return self.coach_script.flags if self.coach_script is not None else []

    def _is_human(self, player: int | None) -> bool:
        return player is not None and player < self.people

    def _turn_now(self) -> TurnInProgress:
        """The turn in progress of the player to move: the hand and the melds staged."""
        g = self.game
        p = g.current_player
        return TurnInProgress(
            g.hands[p] if p is not None else (),
            g.round_rules,
            self.staged,
            final_turn=g.is_final_turn,
            no_final_discard=g.rules.no_final_discard,
        )

    def _remaining(self) -> list[Card]:
        """The current person's cards not yet laid down this turn."""
        return list(self._turn_now().remaining)

    def _public(self, action: Action) -> str:
        """An action as the other players see it (told before it is applied)."""
        pile = self.game.discard_pile
        return public_move(action, pile[-1] if pile else None)

    def _coach_html(self, flag: str = "") -> str:
        if self.coach_script is None:
            return ""
        over = self.game.phase in ("round_over", "game_over")
        return coach_html(*self.coach_script.line(self.game.current_player, over), flag)

    def _house_rules(self) -> str:
        """A sentence naming the variants in play (empty for the standard game)."""
        names = [_(name) for name in self.game.rules.switched_on()]
        if not names:
            return ""
        return _("House rules: {rules}. ").format(rules=and_list(names))

    def _tag_buttons(self) -> None:
        """Classes the focus helper and the browser tests find controls by."""
        for name in (
            "stock_button",
            "discard_button",
            "lay_button",
            "throw_button",
            "take_back_button",
            "confirm_yes",
            "confirm_no",
            "hint_button",
            "reveal_button",
            "next_button",
            "again_button",
            "new_button",
        ):
            getattr(self, name).add_class(
                "fc-play-" + name.replace("_button", "").replace("_", "-")
            )

    @contextmanager
    def _busy(self) -> Iterator[Callable[[str], None]]:
        """Work inside a click: ``announce(text)`` shows it and disables the controls.

        The browser gets each message at once (no ``hold_sync``), before the work it
        announces; the controls get their states back when the work ends, and
        :meth:`refresh` then sets them for the new position.
        """
        saved: dict[widgets.Button, bool] = {}
        shown = [""]

        def announce(text: str) -> None:
            if not saved:
                for button in self._controls():
                    saved[button] = button.disabled
                    button.disabled = True
            if text != shown[0]:
                self.status.info(text)
                shown[0] = text

        try:
            yield announce
        finally:
            for button, disabled in saved.items():
                button.disabled = disabled

    def _controls(self) -> list[widgets.Button]:
        """The buttons a click could press while the computer works."""
        return [
            self.stock_button,
            self.discard_button,
            self.lay_button,
            self.throw_button,
            self.take_back_button,
            self.confirm_yes,
            self.confirm_no,
            self.hint_button,
            self.reveal_button,
            self.next_button,
            self.again_button,
            self.new_button,
        ]

    def _whose_turn(self) -> str:
        g = self.game
        if g.phase == "game_over":
            winners = and_list([g.names[w] for w in g.winners()])
            return _("The game is over: {winners} won.").format(winners=winners)
        if g.phase == "round_over":
            return _("The round is over: see the scores, then press Next round.")
        p = g.current_player
        assert p is not None
        if g.names[p] == _("You"):  # the learner: "You to draw." reads as a slip
            if g.phase == "draw":
                text = _("Your turn to draw.")
            else:
                text = _("Your turn to lay melds down or discard (select cards, then a button).")
        elif g.phase == "draw":
            text = _("{name} to draw.")
        else:
            text = _("{name} to lay melds down or discard (select cards, then a button).")
        if g.is_final_turn:
            text = _("{turn} This is the final turn.").format(turn=text)
        return text.format(name=g.names[p])

    def _viewer(self) -> int | None:
        g = self.game
        p = g.current_player
        human_turn = self._is_human(p) and g.phase in ("draw", "discard")
        return p if human_turn and (self.people == 1 or self.shown_to == p) else None

    def _level_html(self) -> str:
        if self.coached:
            coached = _(
                "Your opponent, Coach Bot, plays scripted moves so that "
                "the coach can explain every step."
            )
            return f"<p class='fc-level'>{escape(coached)}</p>"
        name = self.level.value
        opponents = escape(_("Your opponents: {level} bots.")).format(
            level=f"<b>{escape(level_text(name))}</b>"
        )
        return f"<p class='fc-level'>{opponents} {escape(describe_level(name))}</p>"

    def _who(self) -> list[str]:
        """Who plays each seat, in words: a person, or which kind of bot."""
        return [
            _("person")
            if self._is_human(q)
            else _("{level} bot").format(
                level=level_text(getattr(self.players.get(q), "name", "computer"))
            )
            for q in range(len(self.game.names))
        ]
