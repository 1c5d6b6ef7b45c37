"""The setup screen: how many seats, who sits in each (a person here, a person on another
computer, or a computer), and the stakes; with a remote seat, how long a computer waits
before it plays for a player who has gone (closed their window or lost the connection)
and how long a connected player's turn may last before the computer plays that turn for
them. It remembers the last setup of each game."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable.ui.scene import Scene, scaler
from cardtable.ui.setup_memory import SetupMemory, memory_file
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Label, Stepper, TextInput, WidgetGroup
from cardtable.variants import VariantSpec

REMOTE = "remote"
"""The seat choice "a person on another computer" (not a computer level)."""
PERSON = "person"


def seat_label(level: str | None) -> str:
    """What a seat's button says: a person here, a remote person, or a computer of some level."""
    if level is None:
        return "person"
    if level == REMOTE:
        return "remote person"
    return "computer" if level == "normal" else f"computer ({level})"


@dataclass(frozen=True)
class SeatConfig:
    """One seat at the start: its player's name and who plays it (``bot`` None: a person;
    ``remote``: a person on another computer, who joins the hosted table)."""

    name: str
    bot: str | None = None  # a level of the game's bot_levels ("normal", "tough", "random")
    remote: bool = False


def default_name(index: int) -> str:
    """The name a seat has until someone types one: "Player 1" for the first."""
    return f"Player {index + 1}"


SETUP_WIDTH = 860
"""The unscaled width of the setup screen: its widest line (the tip under the title, 735
pixels from 62) and a margin of 60 either side."""
LAID_OUT_FOR = (1280, 800)
"""The window the screens are laid out for at UI scale 1."""
GROW_MOST = 1.25
"""How much the setup screen grows in a window bigger than :data:`LAID_OUT_FOR`, at most."""


def roomy_scale(app, need: tuple[int, int]) -> float:
    """The setup screen's scale: the UI scale, grown with a window bigger than the one the
    screens are laid out for (by up to :data:`GROW_MOST`: at 1,920 x 1,080 the screen is
    not a small block in a big window), then shrunk as far as the window needs for ``need``
    unscaled pixels."""
    w, h = app.screen.get_size()
    grown = app.settings.ui_scale * max(1.0, min(GROW_MOST, w / LAID_OUT_FOR[0], h / LAID_OUT_FOR[1]))
    return grown * min(1.0, w / (need[0] * grown), h / (need[1] * grown))


ABSENT_STEPS = (10, 600, 10)
"""The absence time's stepper: lowest, highest and step, in seconds."""
TURN_STEPS = (0, 600, 10)
"""The turn time's stepper: lowest (0: no limit), highest and step, in seconds."""


def turn_time_text(seconds: float) -> str:
    """The turn time as the setup screen shows it: "60 s", or "no limit" for 0."""
    return f"{seconds:g} s" if seconds > 0 else "no limit"


class SetupScene(Scene):
    """Choose seats and starting chips, then ``on_start(seats, starting_chips)``.
    ``absent_after`` and ``turn_seconds``: the absence time and the turn time chosen
    (seconds; 0: no turn limit), for a hosted table."""

    def __init__(self, app, variant: VariantSpec, on_start: Callable[[list[SeatConfig], int], object], *,
                 on_learn: Callable[[], object] | None = None) -> None:
        super().__init__(app)
        self.variant, self.on_start, self.on_learn = variant, on_start, on_learn
        self.learn_button: Button | None = None
        self.offering = False
        """The lesson is offered (the game's first opening): Enter plays it, not a match."""
        self.count = max(variant.min_seats, min(4, variant.max_seats))
        names = app.settings.player_names
        self.names = [names[i] if i < len(names) else default_name(i) for i in range(variant.max_seats)]
        from cardtable import games
        game = games.get(variant.game)
        # A person here, a person on another computer, then each computer level the game
        # offers; the variant's bot_level first.
        default = variant.settings.get("bot_level", "normal")
        self.levels: list[str | None] = [None, REMOTE, default, *(lv for lv in game.bot_levels if lv != default)]
        # The first seat is a person; the others start as computers so one person can play at once.
        self.kinds = [0] + [2] * (variant.max_seats - 1)
        self.chips = int(variant.settings.get(game.stack_setting, 100))
        from cardtable.ui import hosting  # here: hosting builds on this module's SeatConfig
        self.absent_after = float(hosting.ABSENT_AFTER)
        self.turn_seconds = float(hosting.TURN_SECONDS)
        self.memory = SetupMemory(memory_file(getattr(app, "settings_path", None)))
        if self.memory.problem:
            app.toast("The remembered setups could not be read; starting afresh", 4.0)
        self._recall()
        self.widgets = WidgetGroup()
        self.layout()
        # The first seat's name has the keyboard focus (Enter still starts): a default name is
        # selected, so that typing one's own replaces it ("Ada", not "Player 1Ada").
        self.widgets.focus(self.name_fields[0])

    # -- memory -----------------------------------------------------------------------------
    def _recall(self) -> None:
        """Take the last setup of this game, where it fits this variant."""
        last = self.memory.get(self.variant.game)
        if last is None:
            return
        self.count = max(self.variant.min_seats, min(self.variant.max_seats, last["count"]))
        for i, seat in enumerate(last["seats"][:self.variant.max_seats]):
            name = " ".join(seat["name"].split())[:20]
            if name:
                self.names[i] = name
            kind = None if seat["kind"] == PERSON else seat["kind"]
            if kind in self.levels:
                self.kinds[i] = self.levels.index(kind)

    def _remember(self) -> None:
        kinds = [PERSON if (level := self.levels[k]) is None else level for k in self.kinds]
        self.memory.remember(self.variant.game, self.count, list(zip(self.names, kinds)))

    # -- widgets ----------------------------------------------------------------------------
    def need(self) -> tuple[int, int]:
        """The unscaled size of the screen for the seat count (and a remote seat's absence
        and turn times): from the title (40 from the top) to the Start button, 40 below it."""
        return (SETUP_WIDTH, 300 + self.count * 52 + (112 if self.hosting else 0))

    def layout(self) -> None:
        """Build the widgets for the seat count, centred in the window at :func:`roomy_scale`.
        A seat's name field that had the keyboard focus keeps it, and so does any other control
        (a seat's level changed with Enter: Enter again must not start the match); else Start has it."""
        focused = self.widgets.focused
        name_focus = next((i for i, f in enumerate(self.name_fields) if f is focused), None) \
            if hasattr(self, "name_fields") else None
        kept = self.widgets.focusables().index(focused) if focused in self.widgets.focusables() else None
        need = self.need()
        self.k = roomy_scale(self.app, need)
        px, fonts = scaler(self.k), self.app.fonts
        w, h = self.app.screen.get_size()
        self.origin = (max(0, (w - px(need[0])) // 2), max(0, (h - px(need[1])) // 2))
        ox, oy = self.origin
        group = WidgetGroup()
        x, y = ox + px(60), oy + px(120)
        group.add(Stepper((x, y, px(300), px(44)), fonts, "Seats", self.count, low=self.variant.min_seats,
                          high=self.variant.max_seats, step=1, on_change=self._count, size=px(18)))
        group.add(Stepper((x + px(320), y, px(340), px(44)), fonts, "Starting chips", self.chips, low=10,
                          high=100_000, step=10, on_change=lambda v: setattr(self, "chips", int(v)), size=px(18)))
        y += px(70)
        self.name_fields: list[TextInput] = []
        for i in range(self.count):
            group.add(Label((x, y + i * px(52), px(70), px(44)), fonts, f"Seat {i + 1}", size=px(16)))
            self.name_fields.append(group.add(TextInput(
                (x + px(80), y + i * px(52), px(260), px(44)), fonts, self.names[i], functools.partial(self._name, i),
                size=px(18), max_len=20, default=default_name(i), placeholder=f"Seat {i + 1}'s name")))
            group.add(Button((x + px(350), y + i * px(52), px(210), px(44)), fonts,
                             seat_label(self.levels[self.kinds[i]]), functools.partial(self._kind, i), size=px(17)))
        bottom = y + self.count * px(52) + px(20)
        if self.hosting:
            low, high, step = ABSENT_STEPS
            group.add(Stepper((x, bottom - px(8), px(660), px(44)), fonts, "A computer plays for a player gone for",
                              self.absent_after, low=low, high=high, step=step, fmt="{:g} s",
                              on_change=lambda v: setattr(self, "absent_after", float(v)), size=px(17)))
            bottom += px(56)
            low, high, step = TURN_STEPS
            group.add(Stepper((x, bottom - px(8), px(660), px(44)), fonts, "A computer plays a turn not made in",
                              self.turn_seconds, low=low, high=high, step=step, fmt=turn_time_text,
                              on_change=lambda v: setattr(self, "turn_seconds", float(v)), size=px(17)))
            bottom += px(56)
        group.add(Button((x, bottom, px(160), px(50)), fonts, "◀ Back", self.back, size=px(19), hotkey="Esc"))
        self.learn_button = None
        if self.on_learn is not None:  # the guided first hand (cardtable.ui.lesson), right of Start
            self.learn_button = group.add(Button((x + px(400), bottom, px(160), px(50)), fonts, "Learn",
                                                 self.learn, size=px(20), primary=self.enter_learns,
                                                 hotkey="Enter" if self.enter_learns else ""))
        label = "Host" if self.hosting else "Start"
        start = group.add(Button((x + px(180), bottom, px(200), px(50)), fonts, label, self.start, size=px(20),
                                 primary=not self.enter_learns, hotkey="" if self.enter_learns else "Enter"))
        self.widgets = group
        if name_focus is not None and name_focus < self.count:
            self.widgets.focus(self.name_fields[name_focus])
        elif kept is not None and getattr(focused, "label", "") not in ("Start", "Host", "Learn"):
            self.widgets.focus(self.widgets.focusables()[min(kept, len(self.widgets.focusables()) - 1)])
        else:
            self.widgets.focus(start)

    def spoken_title(self) -> str:
        """The question the screen asks and its keys."""
        return (f"{self.variant.name}: who is playing? Tab moves between the seats, the names and each seat's "
                "player: Enter or Space changes a seat's player. Enter on Start begins, Esc goes back.")

    @property
    def hosting(self) -> bool:
        """True when a seat is for a person on another computer (Start hosts the table)."""
        return any(self.levels[self.kinds[i]] == REMOTE for i in range(self.count))

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def _count(self, value: float) -> None:
        self.count = int(value)
        self.layout()

    def _name(self, index: int, text: str) -> None:
        self.names[index] = text

    def _kind(self, index: int) -> None:
        self.kinds[index] = (self.kinds[index] + 1) % len(self.levels)
        self.layout()

    def seats(self) -> list[SeatConfig]:
        """The seats as chosen (blank names become "Player N"; repeated names get a number)."""
        seats, seen = [], set()
        for i in range(self.count):
            name = self.names[i].strip() or default_name(i)
            if name in seen:
                name = f"{name} ({i + 1})"
            seen.add(name)
            level = self.levels[self.kinds[i]]
            if level == REMOTE:
                seats.append(SeatConfig(name, None, remote=True))
            else:
                seats.append(SeatConfig(name, level))
        return seats

    def start(self) -> None:
        """Begin the game with these seats (and remember them for next time)."""
        self._remember()
        self.app.scenes.remove(self)
        self.on_start(self.seats(), self.chips)

    def learn(self) -> None:
        """Play the game's guided first hand instead (the lesson's own seats)."""
        assert self.on_learn is not None
        self.app.scenes.remove(self)
        self.on_learn()

    @property
    def enter_learns(self) -> bool:
        """Enter plays the lesson: it is offered, and no seat is hosted (a lesson is played here)."""
        return self.offering and self.on_learn is not None and not self.hosting

    def offer_lesson(self) -> None:
        """The first time the game is opened: Learn is the button Enter presses, and a toast
        says what it is (unless a toast is showing already: the setups that could not be
        read). The first name keeps the keyboard, so a name typed still replaces the default."""
        if self.learn_button is not None:
            self.offering = True
            self.layout()
            if not self.app.toast_text or self.app.toast_until <= time.monotonic():
                self.app.toast(f"New to {self.variant.name}? Learn plays a guided first hand (Enter).", 6.0, of=self)

    def back(self) -> None:
        """Back to the menu."""
        self.app.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.enter_learns:
                    self.learn()
                else:
                    self.start()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = scaler(self.k), self.app.fonts
        ox, oy = self.origin
        surface.fill(THEME.felt_dark)
        surface.blit(fonts.render(f"{self.variant.name}: who is playing?", px(34), THEME.text, bold=True),
                     (ox + px(60), oy + px(40)))
        if self.hosting:
            tip = "Remote seats are people on other computers: Host shows the join code they need."
        else:
            tip = "Click a seat's button: a person here, a remote person, or a computer. Tab moves between fields."
        surface.blit(fonts.render(tip, px(15), THEME.text_dim), (ox + px(62), oy + px(86)))
        self.widgets.draw(surface)
