"""Play against the computer: you (and friends, pass-and-play) against 1 to 6 bots.

Only the cards of the human whose turn it is ever reach a widget; opponents are
shown as card backs and counts until the round is over and hands are revealed.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..core.rules import GameRules, wild_rank_text
from ..errors import LessonError
from ..render import arrangement_html, card_back_svg, card_html, points_text
from ..table.actions import Discard, Draw, GoOut
from ..table.game import Game
from ..table.players import BOTS, make_bot
from .base import View
from .hand import HandWidget

__all__ = ["PlayLesson"]

_HUMAN_NAMES = ("You", "Friend", "Guest")
_MAX_BOT_MOVES = 2000  # a round never needs this many; bounds a bot that misbehaves


class PlayLesson(View):
    """Five Crowns at one screen: click the stock or the discard, then a card to discard."""

    title = "Play a round against the computer"

    def __init__(
        self,
        bots: int = 2,
        level: str = "greedy",
        humans: int = 1,
        rounds: int = 11,
        seed: int = 7,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.bots = widgets.BoundedIntText(
            value=bots, min=1, max=6, description="Bots", layout={"width": "140px"}
        )
        self.level = widgets.Dropdown(options=list(BOTS), value=level, description="Bot level")
        self.humans = widgets.Dropdown(
            options=[1, 2, 3],
            value=humans,
            description="People",
            tooltip="Several people can share one screen",
        )
        self.rounds = widgets.Dropdown(
            options=[("full game (11)", 11), ("7 rounds", 7), ("5 rounds", 5), ("1 round", 1)],
            value=rounds,
            description="Length",
        )
        self.bonus = widgets.Checkbox(
            value=False, description="Going-out bonus (-10)", indent=False
        )
        self.lay_off = widgets.Checkbox(
            value=False, description="Lay off on final turn", indent=False
        )
        self.no_discard = widgets.Checkbox(
            value=False, description="Go out with no discard", indent=False
        )
        self.seed = widgets.BoundedIntText(
            value=seed, min=0, max=10**9, description="Seed", layout={"width": "200px"}
        )
        self.new_button = self._button("New game", self.new_game, style="primary", icon="play")
        self.table = widgets.HTML()
        self.stock_button = self._button(
            "Draw from the stock", lambda: self.act(Draw("stock")), icon="clone"
        )
        self.discard_button = self._button(
            "Take the discard", lambda: self.act(Draw("discard")), icon="hand-paper-o"
        )
        self.discard_view = widgets.HTML()
        self.go_out_button = self._button(
            "Go out",
            self.go_out,
            style="success",
            icon="star",
            tooltip="Enabled when your hand can go out",
        )
        self.hint_button = self._button(
            "Hint",
            self.hint,
            icon="lightbulb-o",
            tooltip="What the strongest bot would do, and why",
        )
        self.reveal_button = self._button("Show my hand", self.reveal, style="warning", icon="eye")
        self.next_button = self._button(
            "Next round", self.next_round, style="primary", icon="forward"
        )
        self.hand = HandWidget(mode="pick", label="Your hand: click a card to discard it")
        self.hand.on_pick(self._guard(lambda _i, card: self.act(Discard(card))))
        self.turn = widgets.HTML()
        self.hint_text = widgets.HTML()
        self.log_view = widgets.HTML()
        self.summary = widgets.HTML()
        self.sheet = widgets.HTML()
        setup = widgets.HBox(
            [self.bots, self.level, self.humans, self.rounds, self.seed, self.new_button],
            layout={"flex_flow": "row wrap"},
        )
        variants = widgets.HBox(
            [self.bonus, self.lay_off, self.no_discard], layout={"flex_flow": "row wrap"}
        )
        piles = widgets.HBox(
            [self.stock_button, self.discard_view, self.discard_button],
            layout={"align_items": "center", "flex_flow": "row wrap"},
        )
        actions = widgets.HBox(
            [self.go_out_button, self.hint_button, self.reveal_button, self.next_button],
            layout={"flex_flow": "row wrap"},
        )
        self._frame(
            [
                setup,
                variants,
                self.table,
                self.turn,
                piles,
                self.hand,
                actions,
                self.hint_text,
                self.log_view,
                self.summary,
                self.sheet,
            ],
            "Draw from the stock or take the top discard, then click a card in your hand to "
            "discard it. <b>Go out</b> lights up when your whole hand but one card melds.",
        )
        self.new_game()

    # --- the game ------------------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a game with the chosen players, bots and variants."""
        people = self.humans.value
        names = list(_HUMAN_NAMES[:people]) + [f"Bot {i + 1}" for i in range(self.bots.value)]
        if len(names) > 7:
            raise LessonError(f"{len(names)} players is too many: a table has 2 to 7.")
        rules = GameRules(
            rounds=self.rounds.value,
            going_out_bonus=self.bonus.value,
            lay_off=self.lay_off.value,
            no_final_discard=self.no_discard.value,
        )
        self.game = Game(names, rules, seed=self.seed.value)
        self.people = people
        self.players = {
            p: make_bot(self.level.value, self.seed.value + p) for p in range(people, len(names))
        }
        self.moves: list[tuple[str, str]] = []  # (what everyone saw, the bot's reason)
        self.shown_to: int | None = None
        self.hint_text.value = ""
        self._run_bots()
        self.refresh()
        self.status.info(f"New game: {', '.join(names)}. {self._whose_turn()}")

    def _is_human(self, player: int | None) -> bool:
        return player is not None and player < self.people

    def _run_bots(self) -> None:
        game = self.game
        for _ in range(_MAX_BOT_MOVES):
            p = game.current_player
            if game.phase not in ("draw", "discard") or p is None or self._is_human(p):
                return
            bot = self.players[p]
            action = bot.choose(game.observation(p))
            seen = self._public(action)
            game.apply(action, p)
            self.moves.append((f"{game.names[p]}: {seen}.", bot.last_reason))
        raise RuntimeError("The bots did not finish their turns.")

    def act(self, action) -> None:
        """Play an action for the human whose turn it is (a refused action changes nothing)."""
        game = self.game
        p = game.current_player
        if not self._is_human(p):
            raise LessonError(
                "It is not your turn."
                if game.phase in ("draw", "discard")
                else "The round is over: press Next round."
            )
        if self.people > 1 and self.shown_to != p:
            raise LessonError(f"{game.names[p]}, press Show my hand first.")
        game.check(action, p)
        seen = self._public(action)  # before the move: it may change the discard pile
        game.apply(action, p)
        self.moves.append((f"{game.names[p]}: {seen}.", ""))
        self.hint_text.value = ""
        if game.current_player != p:
            self.shown_to = None
        self._run_bots()
        self.refresh()
        self.status.ok(f"{game.names[p]}: {action}. {self._whose_turn()}")

    def go_out(self) -> None:
        """Go out, letting the engine lay the best melds and discard the costliest spare card."""
        options = [a for a in self.game.legal_actions() if isinstance(a, GoOut)]
        if not options:
            raise LessonError("Your hand cannot go out yet: some cards are in no book or run.")
        self.act(options[0])

    def hint(self) -> None:
        """What the strongest bot would do in your place, and why."""
        p = self.game.current_player
        if not self._is_human(p) or (self.people > 1 and self.shown_to != p):
            raise LessonError("A hint is given on your own turn, with your hand shown.")
        advisor = make_bot("lookahead", 0)
        action = advisor.choose(self.game.observation(p))
        self.hint_text.value = (
            "<div class='fc-msg fc-info'>💡 The lookahead bot would "
            f"<b>{escape(str(action))}</b>: "
            f"{escape(advisor.last_reason)}</div>"
        )

    def reveal(self) -> None:
        """Pass-and-play: show the hand of the person whose turn it is."""
        p = self.game.current_player
        if not self._is_human(p):
            raise LessonError("It is not a person's turn.")
        self.shown_to = p
        self.refresh()

    def next_round(self) -> None:
        """Deal the next round once this one is scored."""
        self.game.next_round()
        self.moves = []
        self.shown_to = None
        self._run_bots()
        self.refresh()
        self.status.info(self._whose_turn())

    # --- display -------------------------------------------------------------------------------
    def _whose_turn(self) -> str:
        g = self.game
        if g.phase == "game_over":
            winners = " and ".join(g.names[w] for w in g.winners())
            return f"The game is over: {winners} won."
        if g.phase == "round_over":
            return "The round is over: see the scores, then press Next round."
        p = g.current_player
        what = "draw" if g.phase == "draw" else "discard (click a card) or go out"
        final = " This is the final turn." if g.is_final_turn else ""
        return f"{g.names[p]} to {what}.{final}"

    def refresh(self) -> None:
        g = self.game
        p = g.current_player
        human_turn = self._is_human(p) and g.phase in ("draw", "discard")
        viewer = p if human_turn and (self.people == 1 or self.shown_to == p) else None
        obs = g.observation(viewer if viewer is not None else 0)
        with self.hold_sync():
            self.table.value = self._table_html(obs)
            self.turn.value = (
                f"<p style='font-size:16px'>Round {obs.round_no}: "
                f"{wild_rank_text(obs.round_no)}s and jokers are wild. "
                f"<b>{escape(self._whose_turn())}</b></p>"
            )
            top = obs.top_discard
            self.discard_view.value = (
                card_html(top, obs.round_no) if top is not None else "<i>empty discard pile</i>"
            )
            legal = g.legal_actions() if viewer is not None else ()
            self.stock_button.description = f"Draw from the stock ({obs.stock_size})"
            self.stock_button.disabled = Draw("stock") not in legal
            self.discard_button.disabled = Draw("discard") not in legal
            self.go_out_button.disabled = not any(isinstance(a, GoOut) for a in legal)
            self.hint_button.disabled = viewer is None
            self.reveal_button.layout.display = (
                None if self.people > 1 and human_turn and viewer is None else "none"
            )
            self.next_button.disabled = g.phase != "round_over"
            if viewer is not None:
                self.hand.label = f"{g.names[viewer]}'s hand: click a card to discard it"
                self.hand.set_cards(obs.hand, obs.round_no)
                self.hand.disabled = g.phase != "discard"
            else:
                self.hand.set_cards([], obs.round_no)
                self.hand.disabled = True
            self.log_view.value = self._moves_html()
            self.summary.value = self._summary_html()
            self.sheet.value = self._sheet_html()

    def _public(self, action) -> str:
        """An action as the other players see it (a card taken from the discard is named)."""
        top = self.game.discard_pile[-1] if self.game.discard_pile else None
        if isinstance(action, Draw) and action.source == "discard" and top is not None:
            return f"took the {top} from the discard pile"
        if isinstance(action, Draw):
            return "drew from the stock"
        return str(action)

    def _moves_html(self) -> str:
        """This round's moves; the bots' reasons (which hint at their hands) once it is over."""
        if not self.moves:
            return ""
        over = self.game.phase in ("round_over", "game_over")
        lines = "".join(
            f"<li>{escape(seen)}{' <i>' + escape(why) + '</i>' if over and why else ''}</li>"
            for seen, why in self.moves[-14:]
        )
        note = (
            ""
            if over
            else "<p><small>The bots explain their moves when the round is over.</small></p>"
        )
        return f"<details open><summary>Moves this round</summary><ol>{lines}</ol>{note}</details>"

    def _table_html(self, obs) -> str:
        g = self.game
        seats = []
        for q, name in enumerate(g.names):
            backs = "".join(card_back_svg(width=22, label="") for _ in range(obs.hand_sizes[q]))
            laid = "".join(
                "<div style='display:flex'>"
                + "".join(card_html(c, obs.round_no, width=30) for c in m.cards)
                + "</div>"
                for m in obs.table[q]
            )
            mark = " ◀ to play" if q == g.current_player and g.phase in ("draw", "discard") else ""
            who = "person" if self._is_human(q) else f"{self.players[q].name} bot"
            seats.append(
                f"<div class='fc-panel' style='min-width:150px'><b>{escape(name)}</b> "
                f"<small>({who})</small>{mark}<br><small>{obs.hand_sizes[q]} cards · total "
                f"{obs.totals[q]}</small><div aria-label='{obs.hand_sizes[q]} cards face down'>"
                f"{backs}</div>{laid}</div>"
            )
        return f"<div style='display:flex;flex-wrap:wrap;gap:8px'>{''.join(seats)}</div>"

    def _summary_html(self) -> str:
        g = self.game
        if g.phase not in ("round_over", "game_over") or not g.round_results:
            return ""
        result = g.round_results[-1]
        parts = [f"<h4 style='margin:6px 0 2px'>Round {result.round_no} summary</h4>"]
        for q, name in enumerate(g.names):
            out = " — <b>went out</b>" if result.went_out == q else ""
            parts.append(
                f"<div class='fc-panel'><b>{escape(name)}</b>{out}: "
                f"{points_text(result.points[q])}"
                f"{arrangement_html(result.arrangements[q], width=34)}"
                "</div>"
            )
        return "".join(parts)

    def _sheet_html(self) -> str:
        g = self.game
        if not g.round_results:
            return ""
        places = g.placements()
        head = "".join(f"<th>R{r.round_no}</th>" for r in g.round_results)
        rows = []
        for q, name in enumerate(g.names):
            running, cells = 0, []
            for r in g.round_results:
                running += r.points[q]
                star = "★" if r.went_out == q else ""
                cells.append(f"<td>{r.points[q]}{star}<br><small>Σ {running}</small></td>")
            rows.append(
                f"<tr><td class='fc-left'>{escape(name)}</td>{''.join(cells)}"
                f"<td><b>{g.totals[q]}</b></td><td>{places[q]}</td></tr>"
            )
        return (
            "<h4 style='margin:6px 0 2px'>Scoresheet (★ went out)</h4><table class='fc-table'>"
            f"<tr><th class='fc-left'>player</th>{head}<th>total</th><th>place</th></tr>"
            f"{''.join(rows)}</table>"
        )
