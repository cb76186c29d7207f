"""Play against the computer: you (and friends, pass-and-play) against 1 to 6 bots.

Two modes share one table. **Free play**: draw, select cards and *Lay down* each meld
(the engine checks it and says why when it is not one), then discard your last card
to go out; discarding into a hand that could go out asks "Go out?" first. **Coached
first game**: a scripted deal (:mod:`fivecrowns_lab.content.scenarios`) with a coach
line per step that flags mistakes before they are made ("you threw away a wild").

Only the cards of the human whose turn it is ever reach a widget; opponents are
shown as card backs and counts until the round is over and hands are revealed.
After every action the keyboard focus moves to the next control that makes sense.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..content.scenarios import FIRST_GAME, Scenario
from ..core.cards import Card, format_cards
from ..core.melds import check_meld
from ..core.rules import (
    LAST_ROUND,
    MAX_PLAYERS,
    GameRules,
    card_points,
    hand_size,
    wild_rank_text,
)
from ..core.solver import best_arrangement
from ..errors import LessonError
from ..i18n import N_, and_list
from ..i18n import gettext as _
from ..render import card_html, points_text
from ..table.actions import Action, Discard, Draw, GoOut
from ..table.game import Game
from ..table.observation import Observation
from ..table.players import BOT_DESCRIPTIONS, BOT_WORDS, BOTS, Player, make_bot
from .base import ClampedIntText, View, seed_box, set_shown, variant_checkboxes
from .coach import Coach, ScriptedPlayer
from .hand import HandWidget
from .play_html import (
    banner_html,
    moves_html,
    sheet_html,
    staged_html,
    summary_html,
    table_html,
)

__all__ = ["PlayLesson", "ScriptedPlayer", "bot_levels", "hint_level"]

_HUMAN_NAMES = (N_("You"), N_("Friend"), N_("Guest"))
_MAX_BOT_MOVES = 2000  # a round never needs this many; bounds a bot that misbehaves
# The bot levels' names as a learner reads them (make_bot keeps the English names).
_LEVEL_NAMES = {**BOT_WORDS, "scripted": N_("scripted"), "computer": N_("computer")}


def _thought(name: str, bot: Player) -> str:
    """A bot's reason for its move as the moves log quotes it: its name, then its words
    (a reason never says "you", so it reads as the bot's own thought)."""
    reason = getattr(bot, "last_reason", "")
    return _("{name} thought: “{reason}”").format(name=name, reason=reason) if reason else ""


def _level_text(level: str) -> str:
    return _(_LEVEL_NAMES[level]) if level in _LEVEL_NAMES else level


_MODES = ((N_("Coached first game"), "coached"), (N_("Free play"), "free"))

Melds = tuple[tuple[Card, ...], ...]


def bot_levels() -> list[str]:
    """The bot levels a learner can choose, weakest first (described ones first).

    A name in ``BOTS`` that only aliases a described level (same factory) is left out.
    """
    described = [name for name in BOT_DESCRIPTIONS if name in BOTS]
    factories = [BOTS[name] for name in described]
    return described + [name for name, f in BOTS.items() if f not in factories]


def _level_name(level: str) -> str:
    """The chooser's name for ``level`` (an alias becomes the level it stands for)."""
    for name in bot_levels():
        if name == level or (level in BOTS and BOTS[name] is BOTS[level]):
            return name
    known = ", ".join(bot_levels())
    raise LessonError(f"There is no {level!r} bot; choose one of {known}.")


def hint_level() -> str:
    """The bot behind *Hint*: the expert when there is one, else the strongest level."""
    return "expert" if "expert" in BOTS else bot_levels()[-1]


def _describe_level(name: str) -> str:
    return _(BOT_DESCRIPTIONS[name]) if name in BOT_DESCRIPTIONS else _("A computer player.")


class _Focus(anywidget.AnyWidget):
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


class PlayLesson(View):
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
        if mode not in dict((v, k) for k, v in _MODES):
            raise LessonError(f"The play lesson's mode is 'coached' or 'free', not {mode!r}.")
        levels = bot_levels()
        level = _level_name(level)
        self.scenario = scenario
        self.add_class("fc-play")
        # -- setup (collapsed behind one toggle, so the first move is a few Tab stops away)
        self.mode = widgets.ToggleButtons(
            options=[(_(label), value) for label, value in _MODES],
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
            options=[(_level_text(name), name) for name in levels],
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
        # -- the table
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
        self.focuser = _Focus()
        for control in (self.stock_button, self.discard_button, self.lay_button):
            control.layout.width = "auto"
        self._tag_buttons()

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
        self._last_free_seed: int | None = None
        self._seed_typed = False  # a seed typed since the last deal is dealt as typed
        self.seed.observe(self._guard(self._on_seed), names="value")
        self._refreshing = False
        self._hand_round: int | None = None
        self.focused: widgets.Widget | None = None
        self.new_game()

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

    # --- starting a game -----------------------------------------------------------------------
    @property
    def coached(self) -> bool:
        """True in the coached first game."""
        return bool(self.mode.value == "coached")

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
        self.coach_script: Coach | None = None
        if self.coached:
            self._start_scenario(self.scenario)
        else:
            self._start_free()
        self.moves: list[tuple[str, str]] = []  # (what everyone saw, the bot's reason)
        self.shown_to: int | None = None
        self.staged: list[tuple[Card, ...]] = []
        self.pending: tuple[Card, Card] | None = None  # (card clicked, card that goes out)
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

    def _house_rules(self) -> str:
        """A sentence naming the variants in play (empty for the standard game)."""
        names = [_(name) for name in self.game.rules.switched_on()]
        if not names:
            return ""
        return _("House rules: {rules}. ").format(rules=and_list(names))

    def _start_free(self) -> None:
        people = self.humans.value
        names = [_(name) for name in _HUMAN_NAMES[:people]] + [
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
        self.players: dict[int, Player] = {
            p: make_bot(self.level.value, self.seed.value + p) for p in range(people, len(names))
        }

    def _start_scenario(self, scenario: Scenario) -> None:
        names = [_(name) for name in scenario.names]
        self.game = Game(names, GameRules(rounds=scenario.rounds), seed=scenario.seed)
        self.people = 1
        self.coach_script = Coach(scenario)
        self.players = dict(self.coach_script.players())

    def _is_human(self, player: int | None) -> bool:
        return player is not None and player < self.people

    def _run_bots(self) -> None:
        """Play the bots' turns up to the next person's turn, saying whose turn is running.

        Each bot's turn is announced ("Bot 3 is thinking…") with the controls disabled
        before it starts, so a slow turn never looks like a frozen page.
        """
        game = self.game
        with self._busy() as announce:
            for _move in range(_MAX_BOT_MOVES):
                self._finish_if_last_round()
                p = game.current_player
                if game.phase not in ("draw", "discard") or p is None or self._is_human(p):
                    return
                announce(_("{name} is thinking…").format(name=game.names[p]))
                bot = self.players[p]
                action = bot.choose(game.observation(p))
                seen = self._public(action)
                game.apply(action, p)
                self.moves.append((f"{game.names[p]}: {seen}.", _thought(game.names[p], bot)))
        raise RuntimeError("The bots did not finish their turns.")

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

    def _finish_if_last_round(self) -> None:
        """After the last round's scoring the game ends at once (no extra click)."""
        g = self.game
        if (
            g.phase == "round_over"
            and len(g.round_results) >= g.rules.rounds
            and g.rules.ties == "shared"
        ):
            g.next_round()

    # --- the learner's moves -------------------------------------------------------------------
    def _my_turn(self, phase: str | None = None) -> int:
        """The seat of the person to play now, or a LessonError saying why there is none."""
        game = self.game
        p = game.current_player
        if not self._is_human(p) or p is None:
            raise LessonError(
                _("It is not your turn.")
                if game.phase in ("draw", "discard")
                else _("The round is over: press Next round.")
                if game.phase == "round_over"
                else _("The game is over: press Play again.")
            )
        if self.people > 1 and self.shown_to != p:
            raise LessonError(_("{name}, press Show my hand first.").format(name=game.names[p]))
        if phase == "discard" and game.phase == "draw":
            raise LessonError(_("Draw a card first: from the stock or the discard pile."))
        return p

    def draw(self, source: str) -> None:
        """Draw from the ``"stock"`` or take the top of the ``"discard"`` pile."""
        p = self._my_turn()
        action = Draw("stock" if source == "stock" else "discard")
        self.game.check(action, p)
        if self.coach_script is not None:
            self._judge(self.coach_script.judge_draw(p, action.source))
        self.act(action)

    def act(self, action: Action) -> None:
        """Play an action for the human whose turn it is (a refused action changes nothing)."""
        game = self.game
        p = self._my_turn()
        game.check(action, p)
        seen = self._public(action)  # before the move: it may change the discard pile
        if game.is_final_turn and game.rules.lay_off:
            with self._busy() as announce:  # the lay-off search runs inside the move
                announce(_("{name}: laying your cards down and off…").format(name=game.names[p]))
                game.apply(action, p)
        else:
            game.apply(action, p)
        if self.coach_script is not None:
            self.coach_script.advance(p)
        self.moves.append((f"{game.names[p]}: {seen}.", ""))
        self.hint_text.value = ""
        self.pending = None
        if game.current_player != p:
            self.shown_to = None
            self.staged = []
        self._run_bots()
        self.refresh()
        # Told in the past, as the moves list tells it: "You discarded Q♣.", not an order.
        done = _("{name} {move}.").format(name=game.names[p], move=seen)
        self.status.ok(f"{done} {self._whose_turn()}")
        self._focus_next()

    def _remaining(self) -> list[Card]:
        """The current person's cards not yet laid down this turn."""
        p = self.game.current_player
        left = Counter(self.game.hands[p]) if p is not None else Counter()
        for meld in self.staged:
            left.subtract(meld)
        hand = list(self.game.hands[p]) if p is not None else []
        out = []
        for card in hand:
            if left[card] > 0:
                out.append(card)
                left[card] -= 1
        return out

    def lay_down(self) -> None:
        """Lay the selected cards down as one meld (the engine checks it)."""
        p = self._my_turn("discard")
        cards = tuple(self.hand.selected_cards)
        if len(cards) < 3:
            raise LessonError(
                _(
                    "Select the three or more cards of one book or run first ({count} selected)."
                ).format(count=len(cards))
            )
        if self.game.is_final_turn:
            raise LessonError(
                _("On your final turn just discard: your best melds are laid down for you.")
            )
        verdict = check_meld(cards, self.game.round_rules)
        if not verdict.valid:
            raise LessonError(
                _("{cards} is not a meld. {reason}").format(
                    cards=format_cards(cards), reason=verdict.reason
                )
            )
        every_card = len(cards) == len(self._remaining())
        if every_card and not self.game.rules.no_final_discard:
            raise LessonError(
                _(
                    "Keep one card back: going out ends with a discard (melding every card with "
                    "no discard is a variant that is off in this game)."
                )
            )
        if self.coach_script is not None:
            self._judge(self.coach_script.judge_lay(p, cards))
            self.coach_script.advance(p)
        self.staged.append(cards)
        self.pending = None
        if every_card:  # the no-final-discard variant: every card is down, so that is out
            self.act(GoOut(None, tuple(self.staged)))
            return
        self.refresh()
        left = self._remaining()
        if len(left) == 1:
            after = _("Now discard your last card, {card}, to go out.").format(card=left[0])
        else:
            after = _(
                "Melds stay down only if you go out this turn: lay the rest down too "
                "and keep one card to discard, or press Take back."
            )
        self.status.ok(
            _("Laid down {cards}: {reason} {after}").format(
                cards=format_cards(cards), reason=verdict.reason, after=after
            )
        )
        self._focus_next()

    def take_back(self) -> None:
        """Put the melds laid down this turn back into the hand."""
        self._my_turn("discard")
        if self.coached:
            raise LessonError(
                _("In the coached game your melds stay down: discard your last card.")
            )
        self.staged = []
        self.pending = None
        self.refresh()
        self.status.info(_("Your melds are back in your hand."))
        self._focus_next()

    def discard_selected(self) -> None:
        """Discard the one selected card: going out when everything else is laid down."""
        p = self._my_turn("discard")
        chosen = list(self.hand.selected_cards)
        if len(chosen) != 1:
            raise LessonError(
                _("Select exactly one card to discard ({count} selected).").format(
                    count=len(chosen)
                )
            )
        self.discard(chosen[0], p)

    def discard(self, card: Card, player: int | None = None) -> None:
        """Discard ``card``: go out if the rest is laid down; ask "Go out?" if it could be."""
        p = self._my_turn("discard") if player is None else player
        game = self.game
        if card not in self._remaining():
            raise LessonError(
                _("You cannot discard {card}: it is not in your hand.").format(card=card)
            )
        rest = list(self._remaining())
        rest.remove(card)
        staged: Melds = tuple(self.staged)
        if self.coach_script is not None:
            going = self._going_out_discards()
            verdict = self.coach_script.judge_discard(
                p, card, game.round_no, game.is_final_turn, going, self._remaining()
            )
            if verdict is not None:
                # The refused card goes back down, so the card the coach names can be picked
                # at once (with two raised, Discard would just stay greyed out).
                self.hand.selected = []
            self._judge(verdict)
        if game.is_final_turn:
            self.act(Discard(card))
            left = game.hands[p]
            points = sum(card_points(c, game.round_no) for c in left)
            laid = " | ".join(format_cards(m.cards) for m in game.table[p]) or _("no meld")
            self.status.ok(
                _(
                    "Final turn: you discarded {card}; your best melds went down for you "
                    "({melds}), leaving {points}. "
                ).format(card=card, melds=laid, points=points_text(points))
                + self._whose_turn()
            )
            return
        if not rest and staged:
            action = GoOut(card, staged)
            game.check(action, p)
            self.act(action)
            return
        if rest and staged and best_arrangement(rest, game.round_rules).leftover:
            loose = best_arrangement(rest, game.round_rules).leftover
            raise LessonError(
                _(
                    "{cards} would be left in no meld: melds go down only when you "
                    "go out. Lay the rest down too, or press Take back and just discard."
                ).format(cards=format_cards(loose))
            )
        going = self._going_out_discards()
        if going:
            self.pending = (card, card if card in going else going[0])
            self.refresh()
            self._focus_next()
            return
        self.act(Discard(card))

    def _going_out_discards(self) -> list[Card]:
        """The cards whose discard lets the hand go out (the melds laid down staying down)."""
        left = self._remaining()
        found = []
        for card in dict.fromkeys(left):
            rest = list(left)
            rest.remove(card)
            if not best_arrangement(rest, self.game.round_rules).leftover:
                found.append(card)
        return found

    def _go_out_with(self, card: Card) -> GoOut:
        rest = self._remaining()
        rest.remove(card)
        melds = tuple(self.staged) + tuple(
            tuple(m.cards) for m in best_arrangement(rest, self.game.round_rules).melds
        )
        return GoOut(card, melds)

    def confirm_go_out(self) -> None:
        """Answer "Go out?" with yes: lay everything down and discard the card that goes out."""
        p = self._my_turn("discard")
        if self.pending is None:
            raise LessonError(_("There is nothing to confirm: choose a card to discard."))
        action = self._go_out_with(self.pending[1])
        self.game.check(action, p)
        self.act(action)

    def decline_go_out(self) -> None:
        """Answer "Go out?" with no: just discard the card that was chosen."""
        self._my_turn("discard")
        if self.pending is None:
            raise LessonError(_("There is nothing to confirm: choose a card to discard."))
        card = self.pending[0]
        self.staged = []
        self.act(Discard(card))

    def hint(self) -> None:
        """What the strongest bot would do in your place, and why (from your view only)."""
        p = self.game.current_player
        if not self._is_human(p) or p is None or (self.people > 1 and self.shown_to != p):
            raise LessonError(_("A hint is given on your own turn, with your hand shown."))
        level = hint_level()
        advisor = make_bot(level, 0)
        with self._busy() as announce:  # the expert takes a moment: say so first
            announce(
                _("The {level} bot is thinking about your hand…").format(level=_level_text(level))
            )
            action = advisor.choose(self.game.observation(p))
        self.status.info(_("The {level} bot's hint is below.").format(level=_level_text(level)))
        hint = escape(_("Hint:"))
        would = escape(_("the {level} bot would {action}: {reason}")).format(
            level=escape(_level_text(level)),
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

    # --- the coach -----------------------------------------------------------------------------
    def _judge(self, verdict: str | None) -> None:
        """A coach's verdict on a move: None lets it be played; a sentence stops it."""
        if verdict is None:
            return
        assert self.coach_script is not None
        self.coach_script.flags.append(verdict)
        self.coach.value = self._coach_html(flag=verdict)
        raise LessonError(verdict)

    @property
    def coach_flags(self) -> list[str]:
        """The mistakes the coach has flagged in this game."""
        return self.coach_script.flags if self.coach_script is not None else []

    def _coach_html(self, flag: str = "") -> str:
        if self.coach_script is None:
            return ""
        over = self.game.phase in ("round_over", "game_over")
        return self.coach_script.html(self.game.current_player, over, flag)

    # --- display -------------------------------------------------------------------------------
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

    def refresh(self) -> None:
        g = self.game
        viewer = self._viewer()
        obs = g.observation(viewer if viewer is not None else 0)
        if viewer is None:
            self.staged, self.pending = [], None
        self._refreshing = True
        try:
            self._redraw(viewer, obs)
        finally:
            self._refreshing = False

    def _redraw(self, viewer: int | None, obs: Observation) -> None:
        g = self.game
        with self.hold_sync():
            self.level_text.value = self._level_html()
            self.coach.value = self._coach_html()
            self.banner.value = banner_html(g)
            set_shown(self.banner_box, shown=g.phase == "game_over")
            self.again_button.description = (
                _("Free play next") if self.coached else _("Play again")
            )
            self.table.value = table_html(g, obs, self._who())
            wild = _("Round {round}: {rank}s and jokers are wild.").format(
                round=obs.round_no, rank=wild_rank_text(obs.round_no)
            )
            self.turn.value = (
                f"<p class='fc-lead'>{escape(wild)} <b>{escape(self._whose_turn())}</b></p>"
            )
            top = obs.top_discard
            empty = escape(_("empty discard pile"))
            self.discard_view.value = (
                card_html(top, obs.round_no) if top is not None else f"<i>{empty}</i>"
            )
            legal = g.legal_actions() if viewer is not None else ()
            self.stock_button.description = _("Draw from the stock ({count})").format(
                count=obs.stock_size
            )
            self.stock_button.disabled = Draw("stock") not in legal
            self.discard_button.disabled = Draw("discard") not in legal
            self.discard_button.description = (
                _("Take the discard ({card})").format(card=top)
                if top is not None
                else _("Take the discard")
            )
            self.hint_button.disabled = viewer is None
            set_shown(self.hint_button, self.settings_button, shown=not self.coached)
            if self.coached:
                set_shown(self.setup, shown=False)
            set_shown(
                self.reveal_button,
                shown=self.people > 1 and self._is_human(g.current_player) and viewer is None,
            )
            self.next_button.disabled = g.phase != "round_over"
            set_shown(self.next_button, shown=g.phase == "round_over")
            self._show_hand(viewer, obs.round_no)
            # at the game's end the banner and scores say it all
            set_shown(self.piles, self.hand, self.moves_box, shown=g.phase != "game_over")
            self.melds_view.value = staged_html(self.staged, obs.round_no)
            set_shown(self.take_back_button, shown=bool(self.staged) and not self.coached)
            self._show_confirm()
            self._update_selection_buttons()
            self.log_view.value = moves_html(self.moves, g.phase in ("round_over", "game_over"))
            self.summary.value = summary_html(g)
            self.sheet.value = sheet_html(g)

    def _show_hand(self, viewer: int | None, round_no: int) -> None:
        g = self.game
        if viewer is None:
            self.hand.set_cards([], round_no)
            self.hand.disabled = True
            self.hand.label = _("No hand is shown: it is not a person's turn")
            return
        cards = self._remaining()
        if Counter(cards) != Counter(self.hand.hand) or self._hand_round != round_no:
            self.hand.set_cards(cards, round_no)  # a learner's own order survives otherwise
            self._hand_round = round_no
        else:
            self.hand.selected = []
        self.hand.disabled = g.phase != "discard"
        self.hand.label = (
            _("{name}'s hand: select cards, then Lay down or Discard")
            if g.phase == "discard"
            else _("{name}'s hand: draw a card first")
        ).format(name=g.names[viewer])

    def _show_confirm(self) -> None:
        if self.pending is None:  # no card names linger in hidden widgets (pass-and-play)
            set_shown(self.confirm_box, shown=False)
            self.confirm_text.value = ""
            self.confirm_yes.description = _("Go out")
            self.confirm_no.description = _("Just discard")
            return
        clicked, goes = self.pending
        rest = self._remaining()
        rest.remove(goes)
        if clicked == goes:
            text = _(
                "Go out? Discarding {card} leaves {rest}, which all fit in books and runs."
            ).format(card=goes, rest=format_cards(rest))
            self.confirm_no.description = _("Just discard {card}").format(card=clicked)
        else:
            text = _(
                "Go out? Discarding {card} instead of {clicked} would let you go out: "
                "{rest} all fit in books and runs."
            ).format(card=goes, clicked=clicked, rest=format_cards(rest))
            self.confirm_no.description = _("Discard {card} anyway").format(card=clicked)
        self.confirm_yes.description = _("Go out, discarding {card}").format(card=goes)
        self.confirm_text.value = f"<div class='fc-msg fc-info' role='alert'>{escape(text)}</div>"
        set_shown(self.confirm_box, shown=True)

    def _on_selection(self, _change: dict[str, Any] | None = None) -> None:
        if self._refreshing:
            return
        self.pending = None
        self._show_confirm()
        self._update_selection_buttons()

    def _update_selection_buttons(self) -> None:
        chosen = list(self.hand.selected_cards)
        playing = self._viewer() is not None and self.game.phase == "discard"
        self.lay_button.disabled = not playing or len(chosen) < 3 or self.game.is_final_turn
        self.lay_button.description = (
            _("Lay down {cards}").format(cards=format_cards(chosen))
            if len(chosen) >= 3
            else _("Lay down")
        )
        self.throw_button.disabled = not playing or len(chosen) != 1
        if len(chosen) == 1:
            last = len(self._remaining()) == 1 and bool(self.staged)
            self.throw_button.description = (
                _("Discard {card} and go out") if last else _("Discard {card}")
            ).format(card=chosen[0])
        else:
            self.throw_button.description = _("Discard")

    def _focus_next(self) -> None:
        """Move the keyboard focus to the control the learner needs next."""
        g = self.game
        target: widgets.Widget | None = None
        viewer = self._viewer()
        if self.pending is not None:
            target = self.confirm_yes
        elif g.phase == "game_over":
            target = self.again_button
        elif g.phase == "round_over":
            target = self.next_button
        elif self._is_human(g.current_player) and viewer is None:
            target = self.reveal_button
        elif viewer is not None and g.phase == "draw":
            step = self.coach_script.step(g.current_player) if self.coach_script else None
            take = (step is not None and step.kind == "take") or self.stock_button.disabled
            target = self.discard_button if take else self.stock_button
        elif viewer is not None:
            target = self.hand
        self.focused = target
        if target is None:
            return
        selector = (
            ".fc-play-hand button.fc-cardbtn"
            if target is self.hand
            else "." + next(c for c in target._dom_classes if c.startswith("fc-play-"))
        )
        self.focuser.selector = selector
        self.focuser.send({"selector": selector})

    def _on_mode(self, _change: dict[str, Any]) -> None:
        self.new_game()

    def _on_settings(self, change: dict[str, Any]) -> None:
        set_shown(self.setup, shown=bool(change["new"]))

    def _on_level(self, change: dict[str, Any]) -> None:
        """A new bot level plays from the next move on (the bots see only their seats)."""
        self.level_text.value = self._level_html()
        if self.coached:
            return
        for p in list(self.players):
            self.players[p] = make_bot(change["new"], self.seed.value + p)
        obs = self.game.observation(self._viewer() or 0)
        self.table.value = table_html(self.game, obs, self._who())
        self.status.info(
            _("The bots now play at the {level} level.").format(level=_level_text(change["new"]))
        )

    def _on_seed(self, change: dict[str, Any]) -> None:
        self._seed_typed = True
        self._on_setup_change(change)  # a seed deals from the next game: say so

    def _on_setup_change(self, _change: dict[str, Any]) -> None:
        note = _("These settings start a new game: press <b>New game</b> to deal it.")
        self.setup_note.value = f"<div class='fc-msg fc-info'>{note}</div>"

    def _level_html(self) -> str:
        if self.coached:
            coached = _(
                "Your opponent, Coach Bot, plays scripted moves so that "
                "the coach can explain every step."
            )
            return f"<p class='fc-level'>{escape(coached)}</p>"
        name = self.level.value
        opponents = escape(_("Your opponents: {level} bots.")).format(
            level=f"<b>{escape(_level_text(name))}</b>"
        )
        return f"<p class='fc-level'>{opponents} {escape(_describe_level(name))}</p>"

    def _public(self, action: Action) -> str:
        """An action as the other players see it, told in the past as the moves list tells
        every move (a card taken from the discard is named)."""
        top = self.game.discard_pile[-1] if self.game.discard_pile else None
        if isinstance(action, Draw) and action.source == "discard" and top is not None:
            return _("took the {card} from the discard pile").format(card=top)
        if isinstance(action, Draw):
            return _("drew from the stock")
        if isinstance(action, Discard):
            return _("discarded {card}").format(card=action.card)
        if isinstance(action, GoOut):
            melds = " | ".join(map(format_cards, action.melds or ()))
            if action.discard is None:
                text = (
                    _("went out with no discard, laying {melds}")
                    if melds
                    else _("went out with no discard")
                )
            else:
                text = (
                    _("went out, discarding {card}, laying {melds}")
                    if melds
                    else _("went out, discarding {card}")
                )
            return text.format(card=action.discard, melds=melds)
        return str(action)

    def _who(self) -> list[str]:
        """Who plays each seat, in words: a person, or which kind of bot."""
        return [
            _("person")
            if self._is_human(q)
            else _("{level} bot").format(
                level=_level_text(getattr(self.players.get(q), "name", "computer"))
            )
            for q in range(len(self.game.names))
        ]
