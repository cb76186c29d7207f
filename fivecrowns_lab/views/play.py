"""Play against the computer: you (and friends, pass-and-play) against 1 to 6 bots.

Two modes share one table. **Free play**: draw, select cards and *Lay down* each meld
(the engine checks it and says why when it is not one), then discard your last card
to go out; discarding into a hand that could go out asks "Go out?" first. **Coached
first game**: a scripted deal (:mod:`fivecrowns_lab.content.scenarios`) with a coach
line per step that flags mistakes before they are made ("you threw away a wild").

Only the cards of the human whose turn it is ever reach a widget; opponents are
shown as card backs and counts until the round is over and hands are revealed.
After every action the keyboard focus moves to the next control that makes sense.

The lesson is built in layers: :mod:`.play_parts` (the widgets and state it keeps),
:mod:`.play_screen` (drawing), :mod:`.play_turn` (the learner's moves) and this module
(the setup, starting a game, the bots' turns through the engine's
:func:`~fivecrowns_lab.table.loop.play_moves`, hints).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

import ipywidgets as widgets

from ..content.coach import Coach, ScriptedPlayer
from ..content.scenarios import FIRST_GAME, Scenario
from ..core.rules import LAST_ROUND, MAX_PLAYERS, GameRules, hand_size
from ..errors import LessonError
from ..i18n import N_
from ..i18n import gettext as _
from ..table.actions import Action
from ..table.game import Game
from ..table.loop import last_round_scored, play_moves
from ..table.observation import Observation
from ..table.players import Player, make_bot
from .base import ClampedIntText, seed_box, variant_checkboxes
from .hand import HandWidget
from .play_parts import (
    HUMAN_NAMES,
    MODES,
    Focus,
    bot_levels,
    hint_level,
    level_name,
    level_text,
    thought,
)
from .play_turn import PlayTurn

__all__ = ["PlayLesson", "ScriptedPlayer", "bot_levels", "hint_level"]

_MAX_BOT_MOVES = 2000  # a round never needs this many; bounds a bot that misbehaves


class _Announced:
    """A bot whose turn is announced before it thinks ("Bot 3 is thinking…")."""

    def __init__(self, bot: Player, say: Callable[[], None]) -> None:
        self.bot = bot
        self.say = say

    def choose(self, observation: Observation) -> Action:
        self.say()
        return self.bot.choose(observation)


class PlayLesson(PlayTurn):
    """Five Crowns at one screen: draw, lay your melds down, discard; or a coached first game."""

    title = N_("Play a round against the computer")

    def __init__(
        self,
        bots: int = 2,
        level: str = "greedy",
        humans: int = 1,
        rounds: int = LAST_ROUND,
        seed: int = 7,
        mode: str = "free",
        scenario: Scenario = FIRST_GAME,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if mode not in dict((v, k) for k, v in MODES):
            raise LessonError(f"The play lesson's mode is 'coached' or 'free', not {mode!r}.")
        self.scenario = scenario
        self.add_class("fc-play")
        self._build_setup(bots, level_name(level), humans, rounds, mode)
        self._build_rules(seed)
        self._build_table()
        self._lay_out()
        self._wire()
        self._last_free_seed: int | None = None
        self._seed_typed = False  # a seed typed since the last deal is dealt as typed
        self.seed.observe(self._guard(self._on_seed), names="value")
        self.focused: widgets.Widget | None = None
        self.new_game()

    def _build_setup(self, bots: int, level: str, humans: int, rounds: int, mode: str) -> None:
        """The settings, collapsed behind one toggle (the first move is a few Tab stops away)."""
        self.mode = widgets.ToggleButtons(
            options=[(_(label), value) for label, value in MODES],
            value=mode,
            description=_("Mode"),
            tooltips=[_("A scripted deal with a coach"), _("Your own game against the bots")],
        )
        self.settings_button = widgets.ToggleButton(
            value=False,
            description=_("Game settings"),
            tooltip=_("Show or hide the game settings"),
        )
        self.bots = ClampedIntText(
            self.status,
            bots,
            1,
            MAX_PLAYERS - 1,
            _("Bots"),
            _("playing with"),
            description=_("Bots"),
            layout={"width": "140px"},
        )
        self.level = widgets.Dropdown(
            options=[(level_text(name), name) for name in bot_levels()],
            value=level,
            description=_("Bot level"),
        )
        self.level_text = widgets.HTML()
        self.humans = widgets.Dropdown(
            options=[1, 2, 3],
            value=humans,
            description=_("People"),
            tooltip=_("Several people can share one screen"),
        )
        self.rounds = widgets.Dropdown(
            options=[
                (_("full game ({rounds})").format(rounds=LAST_ROUND), LAST_ROUND),
                (_("7 rounds"), 7),
                (_("5 rounds"), 5),
                (_("1 round"), 1),
            ],
            value=rounds,
            description=_("Length"),
        )

    def _build_rules(self, seed: int) -> None:
        """The variants, the tie rule and the seed, and the settings panel holding them all."""
        self.variants = variant_checkboxes()
        self.bonus = self.variants["going_out_bonus"]
        self.lay_off = self.variants["lay_off"]
        self.no_discard = self.variants["no_final_discard"]
        # The Danish rule sheet's tie rule (GameRules.ties and playoff_hand_size): the tied
        # players play one extra round of thirteen cards, the last round's hand.
        self.playoff = widgets.Checkbox(
            value=False,
            description=_("Ties: one extra round of {count} cards").format(
                count=hand_size(LAST_ROUND)
            ),
            tooltip=_("The players tied for the lowest total play one more round."),
            indent=False,
        )
        self.playoff.add_class("fc-variant-playoff")
        self.seed = seed_box(self, seed, layout={"width": "200px"})
        self.new_button = self._button(_("New game"), self.new_game_pressed, style="primary")
        self.setup_note = widgets.HTML()
        self.setup = widgets.VBox(
            [
                widgets.HBox(
                    [self.bots, self.level, self.humans, self.rounds, self.seed],
                    layout={"flex_flow": "row wrap"},
                ),
                widgets.HBox(
                    [*self.variants.values(), self.playoff, self.new_button],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                self.setup_note,
            ],
            layout={"display": "none"},
        )
        self.setup.add_class("fc-panel")

    def _build_table(self) -> None:
        """The table: coach, banner, seats, piles, hand, move buttons, log and scores."""
        self.coach = widgets.HTML()
        self.banner = widgets.HTML()
        self.again_button = self._button(_("Play again"), self.play_again, style="primary")
        self.table = widgets.HTML()
        self.turn = widgets.HTML()
        self.stock_button = self._button(
            _("Draw from the stock"), lambda: self.draw("stock"), style="primary"
        )
        self.discard_button = self._button(_("Take the discard"), lambda: self.draw("discard"))
        self.discard_view = widgets.HTML()
        self.hand = HandWidget(mode="multi", label=_("Your hand"))
        self.hand.add_class("fc-play-hand")
        self.hand.observe(self._guard(self._on_selection), names="selected")
        self.melds_view = widgets.HTML()
        self.lay_button = self._button(
            _("Lay down"), self.lay_down, style="success", tooltip=_("Lay the selected cards down")
        )
        self.throw_button = self._button(
            _("Discard"),
            self.discard_selected,
            style="warning",
            tooltip=_("Discard the selected card"),
        )
        self.take_back_button = self._button(
            _("Take back"),
            self.take_back,
            tooltip=_("Put the melds you laid down back in your hand"),
        )
        self.confirm_text = widgets.HTML()
        self.confirm_yes = self._button(_("Go out"), self.confirm_go_out, style="success")
        self.confirm_no = self._button(_("Just discard"), self.decline_go_out)
        self.hint_button = self._button(
            _("Hint"), self.hint, tooltip=_("What the strongest bot would do, and why")
        )
        self.reveal_button = self._button(_("Show my hand"), self.reveal, style="warning")
        self.next_button = self._button(_("Next round"), self.next_round, style="primary")
        self.hint_text = widgets.HTML()
        self.log_view = widgets.HTML()
        self.summary = widgets.HTML()
        self.sheet = widgets.HTML()
        self.focuser = Focus()
        for control in (self.stock_button, self.discard_button, self.lay_button):
            control.layout.width = "auto"
        self._tag_buttons()

    def _lay_out(self) -> None:
        """The table's rows, in reading order."""
        top = widgets.HBox(
            [self.mode, self.settings_button],
            layout={"flex_flow": "row wrap", "align_items": "center"},
        )
        self.banner_box = widgets.HBox(
            [self.banner, self.again_button], layout={"flex_flow": "row wrap"}
        )
        self.piles = piles = widgets.HBox(
            [self.stock_button, self.discard_view, self.discard_button],
            layout={"align_items": "center", "flex_flow": "row wrap"},
        )
        self.confirm_box = widgets.HBox(
            [self.confirm_text, self.confirm_yes, self.confirm_no],
            layout={"flex_flow": "row wrap", "align_items": "center", "display": "none"},
        )
        self.moves_box = moves = widgets.HBox(
            [self.lay_button, self.throw_button, self.take_back_button],
            layout={"flex_flow": "row wrap"},
        )
        more = widgets.HBox(
            [self.hint_button, self.reveal_button, self.next_button],
            layout={"flex_flow": "row wrap"},
        )
        self._frame(
            [
                top,
                self.setup,
                self.level_text,
                self.coach,
                self.banner_box,
                self.table,
                self.turn,
                piles,
                self.hand,
                self.melds_view,
                moves,
                self.confirm_box,
                more,
                self.hint_text,
                self.log_view,
                self.summary,
                self.sheet,
                self.focuser,
            ],
            _(
                "Draw from the stock or take the top discard. To go out, select the cards of a "
                "book or run and press <b>Lay down</b>, once per meld, then select your last "
                "card and press <b>Discard</b>. Otherwise discard one card to end your turn."
            ),
        )

    def _wire(self) -> None:
        """A new mode, level or setting takes effect (or says it will, from the next game)."""
        self.mode.observe(self._guard(self._on_mode), names="value")
        self.settings_button.observe(self._guard(self._on_settings), names="value")
        self.level.observe(self._guard(self._on_level), names="value")
        for control in (
            self.bots,
            self.humans,
            self.rounds,
            self.seed,
            *self.variants.values(),
            self.playoff,
        ):
            control.observe(self._guard(self._on_setup_change), names="value")

    def new_game_pressed(self) -> None:
        """New game (or Play again): a free game with an unchanged seed deals the next seed."""
        if not self.coached and not self._seed_typed and self.seed.value == self._last_free_seed:
            self.seed.value = min(self.seed.max, self.seed.value + 1)
            self.new_game()
            self.status.info(
                _("A new deal (seed {seed}; type a seed to replay one). ").format(
                    seed=self.seed.value
                )
                + self._house_rules()
                + self._whose_turn()
            )
            return
        self.new_game()

    def play_again(self) -> None:
        """The button under the winner banner: after the coached game, free play."""
        if self.coached:
            self.mode.value = "free"  # starts a free game (see _on_mode)
        else:
            self.new_game_pressed()

    def new_game(self) -> None:
        """Start a game: the coached scenario, or free play with the chosen settings."""
        self.coach_script = None
        if self.coached:
            self._start_scenario(self.scenario)
        else:
            self._start_free()
        self.moves = []
        self.shown_to = None
        self.staged = []
        self.pending = None
        self.hint_text.value = ""
        self.setup_note.value = ""
        self._run_bots()
        self.refresh()
        self.status.info(
            _("New game: {names}. ").format(names=", ".join(self.game.names))
            + self._house_rules()
            + self._whose_turn()
        )
        self._focus_next()

    def _start_free(self) -> None:
        people = self.humans.value
        names = [_(name) for name in HUMAN_NAMES[:people]] + [
            f"Bot {i + 1}" for i in range(self.bots.value)
        ]
        if len(names) > 7:
            raise LessonError(f"{len(names)} players is too many: a table has 2 to 7.")
        chosen: dict[str, Any] = {field: box.value for field, box in self.variants.items()}
        if self.playoff.value:
            chosen.update(ties="playoff", playoff_hand_size=hand_size(LAST_ROUND))
        rules = GameRules(rounds=self.rounds.value, **chosen)
        self.game = Game(names, rules, seed=self.seed.value)
        self._last_free_seed = self.seed.value
        self._seed_typed = False
        self.people = people
        self.players = {
            p: make_bot(self.level.value, self.seed.value + p) for p in range(people, len(names))
        }

    def _start_scenario(self, scenario: Scenario) -> None:
        names = [_(name) for name in scenario.names]
        self.game = Game(names, GameRules(rounds=scenario.rounds), seed=scenario.seed)
        self.people = 1
        self.coach_script = Coach(scenario)
        self.players = dict(self.coach_script.players())

    def _run_bots(self) -> None:
        """Play the bots' turns up to the next person's turn, saying whose turn is running.

        The engine's loop plays them, stopping where a person is to move or a round ends
        (the last round's scoring ends the game at once). Each bot's turn is announced
        ("Bot 3 is thinking…") with the controls disabled before it starts, so a slow turn
        never looks like a frozen page.
        """
        game = self.game

        def waits(g: Game) -> bool:
            return (g.phase == "round_over" and not last_round_scored(g)) or self._is_human(
                g.current_player
            )

        with self._busy() as announce:
            seated: dict[int, Player] = {
                p: _Announced(bot, partial(announce, _("{name} is thinking…").format(name=name)))
                for p, bot in self.players.items()
                for name in [game.names[p]]
            }
            for count, move in enumerate(play_moves(game, seated, until=waits), start=1):
                if count > _MAX_BOT_MOVES:
                    raise RuntimeError("The bots did not finish their turns.")
                name = game.names[move.seat]
                seen = self._public(move.action)  # before the move: it may change the pile
                self.moves.append((f"{name}: {seen}.", thought(name, self.players[move.seat])))

    def hint(self) -> None:
        """What the strongest bot would do in your place, and why (from your view only)."""
        p = self.game.current_player
        if not self._is_human(p) or p is None or (self.people > 1 and self.shown_to != p):
            raise LessonError(_("A hint is given on your own turn, with your hand shown."))
        level = hint_level()
        advisor = make_bot(level, 0)
        with self._busy() as announce:  # the expert takes a moment: say so first
            announce(
                _("The {level} bot is thinking about your hand…").format(level=level_text(level))
            )
            action = advisor.choose(self.game.observation(p))
        self.status.info(_("The {level} bot's hint is below.").format(level=level_text(level)))
        hint = escape(_("Hint:"))
        would = escape(_("the {level} bot would {action}: {reason}")).format(
            level=escape(level_text(level)),
            action=f"<b>{escape(str(action))}</b>",
            reason=escape(advisor.last_reason),
        )
        self.hint_text.value = (
            f"<div class='fc-msg fc-info' role='status'><b>{hint}</b> {would}</div>"
        )

    def reveal(self) -> None:
        """Pass-and-play: show the hand of the person whose turn it is."""
        p = self.game.current_player
        if not self._is_human(p):
            raise LessonError(_("It is not a person's turn."))
        self.shown_to = p
        self.refresh()
        self._focus_next()

    def next_round(self) -> None:
        """Deal the next round once this one is scored."""
        self.game.next_round()
        self.moves = []
        self.shown_to = None
        self.staged = []
        self.pending = None
        self._run_bots()
        self.refresh()
        self.status.info(self._whose_turn())
        self._focus_next()
