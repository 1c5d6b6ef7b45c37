"""Driving the app in tests: post real pygame events (with pos and mod) and step frames."""

from __future__ import annotations

import time

import pygame


class Driver:
    """Posts events into the app's queue and runs a frame after each gesture."""

    def __init__(self, app) -> None:
        self.app = app

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(1 / 60)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        self.step()

    def type(self, text: str) -> None:
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.step()

    def move(self, pos, rel=(0, 0), buttons=(0, 0, 0)) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons))
        self.step()

    def click(self, pos, button: int = 1, mod: int = 0) -> None:
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod))
        self.step()

    def drag(self, start, end, button: int = 1, mod: int = 0, steps: int = 5) -> None:
        self.move(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button, mod=mod))
        self.step()
        last = start
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]),
                                                 buttons=(1, 0, 0)))
            last = p
            self.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button, mod=mod))
        self.step()

    def wheel(self, y: float, pos) -> None:
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=int(y), precise_x=0.0, precise_y=float(y),
                                             flipped=False, which=0))
        self.step()

    def button(self, label: str):
        """The visible widget of the top scene whose label is ``label``."""
        scene = self.app.scenes.top
        for w in scene.widgets.widgets:
            if getattr(w, "label", None) == label:
                return w
        raise LookupError(f"no button {label!r} on {type(scene).__name__}")

    def press(self, label: str) -> None:
        self.click(self.button(label).rect.center)


def variant_spec(app, variant_id: str):
    """The bundled variant ``variant_id`` as the app found it."""
    return next(e.spec for e in app.variant_entries if e.spec and e.spec.id == variant_id)


def start_two_people_and_a_computer(app, variant_id: str, table_class, chips: int | None = None):
    """Open ``variant_id`` from the menu, set three seats with seat 2 a person (clicking
    through the computer levels: computer -> tough -> random -> strong -> person)
    and start; the setup screen must offer ``chips`` when given. Returns the driver and
    the table scene."""
    from cardtable.ui.menu import open_variant
    from cardtable.ui.setup_scene import SetupScene

    d = Driver(app)
    open_variant(app, variant_spec(app, variant_id))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    if chips is not None:
        assert setup.chips == chips
    seats = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Seats")
    while setup.count > 3:
        seats.nudge(-1)
    for _ in range(8):
        if setup.seats()[1].bot is None:
            break
        kind = [w for w in setup.widgets.widgets if getattr(w, "label", "") == "person"
                or str(getattr(w, "label", "")).startswith("computer")][1]
        d.click(kind.rect.center)
    assert [s.bot for s in setup.seats()] == [None, None, "normal"]
    d.key(pygame.K_RETURN)
    scene = next(s for s in reversed(app.scenes.scenes) if isinstance(s, table_class))
    return d, scene


def a_person_to_act(app, start_match, ready=lambda state: True):
    """A match opened by ``start_match(app)`` and stepped to a person's turn that
    ``ready(state)`` accepts: ``(driver, scene, state)``."""
    d, scene = start_match(app)
    step_to_a_person(d, scene, ready)
    return d, scene, scene.state


def step_to_a_person(d: Driver, scene, ready=lambda state: True, steps: int = 500) -> None:
    """Step (passing pass screens) until a person is to act and ``ready(state)``."""
    from cardtable.ui.pass_screen import PassScreen

    state, app = scene.state, scene.app
    for _ in range(steps):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        elif state.to_act is not None and state.to_act >= 0 and not scene.is_bot(state.to_act) \
                and ready(state):
            return
        else:
            d.step()


def through_pass_screens(d: Driver, frames: int) -> None:
    """Run ``frames`` frames, passing every pass screen with Enter."""
    from cardtable.ui.pass_screen import PassScreen

    for _ in range(frames):
        if isinstance(d.app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        d.step()


def people_turns(d: Driver, scene, until, steps: int = 4000, passes: list | None = None,
                 private=lambda state: True, ready=lambda state: True):
    """Yield the seat each time a person is to act, until ``until(state)`` (or ``steps``
    frames): pass screens are passed with Enter (their names go into ``passes``) and
    nothing private shows behind them; where ``private(state)``, the person at the screen
    is the one to act and sees no other seat's cards. Computers and chance play in frames
    (and so does a person's turn until ``ready(state)``); each yielded turn must take a move."""
    from cardtable.engine.game import CHANCE
    from cardtable.ui.pass_screen import PassScreen

    app, state = scene.app, scene.state
    for _ in range(steps):
        top = app.scenes.top
        if isinstance(top, PassScreen):
            assert scene.viewer is None  # nobody's cards are face up behind the screen
            if passes is not None:
                passes.append(top.name)
            d.key(pygame.K_RETURN)
            continue
        if until(state):
            return
        seat = state.to_act
        if seat is None or seat == CHANCE or scene.is_bot(seat) or not ready(state):
            d.step()
            continue
        if private(state):
            assert scene.viewer == seat
            view = state.view(seat)
            assert all(c is None for s, h in enumerate(view["hands"]) if s != seat for c in h)
        before = len(state.history)
        yield seat
        assert len(state.history) > before, f"a {state.phase} move was not taken"


class StandIn:
    """Plays the people's seats: a random legal action from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        import random
        self.rng = random.Random(seed)

    def choose(self, state, seat):
        return self.rng.choice(state.legal_actions(seat))


class MostlyCalm(StandIn):
    """Checks and calls four times in five: a match of a few hands, not one all-in."""

    def choose(self, state, seat):
        legal = state.legal_actions(seat)
        calm = [a for a in legal if type(a).__name__ in ("Check", "Call", "Discard", "Pass")]
        return self.rng.choice(calm if calm and self.rng.random() < 0.8 else legal)


def play(scene, stand_in, actions: int, outcomes: list | None = None) -> None:
    """Apply ``actions`` actions at the table: chance, the bots, and ``stand_in`` for the
    people; each round's ``round_outcome()`` goes into ``outcomes`` when given."""
    from cardtable.engine.game import CHANCE

    for _ in range(actions):
        state = scene.state
        if state.to_act is None:
            return
        if state.to_act == CHANCE:
            scene.perform(state.chance_action())
        else:
            scene.perform(scene.bots.get(state.to_act, stand_in).choose(state, state.to_act))
        if outcomes is not None:
            outcome = state.round_outcome() if hasattr(state, "round_outcome") else None
            if outcome is not None:
                outcomes.append(outcome)


def rendered_texts(app, monkeypatch) -> list[str]:
    """Every text the app's fonts render from now on, in order (the list fills as frames draw)."""
    drawn: list[str] = []
    render = app.fonts.render

    def spy(text, *args, **kwargs):
        drawn.append(text)
        return render(text, *args, **kwargs)

    monkeypatch.setattr(app.fonts, "render", spy)
    return drawn


def calm_move(state, seat):
    """A legal move that stays in the hand without raising (the first such, else the first)."""
    actions = state.legal_actions(seat)
    calm = [a for a in actions if "Fold" not in type(a).__name__ and "Raise" not in type(a).__name__]
    return (calm or actions)[0]


def to_my_turn(scene, ready, moves: int = 400, move=calm_move) -> None:
    """Play the table (chance, the computers by their bots, the person in seat 0 by
    ``move(state, seat)``) until seat 0 is to act and ``ready(state)``."""
    from cardtable.engine.game import CHANCE
    state = scene.state
    for _ in range(moves):
        seat = state.to_act
        if seat == 0 and ready(state):
            return
        if seat is None:
            break
        if seat == CHANCE:
            scene.perform(state.chance_action())
        elif seat in scene.bots:
            scene.perform(scene.bots[seat].choose(state, seat))
        else:
            scene.perform(move(state, seat))
    raise AssertionError(f"never seat 0's turn in {state.phase}")



def wait_for(d: Driver, done, frames: int = 1500) -> bool:
    """Step frames until ``done()``, at most ``frames`` of them, letting the network's
    threads run between frames; whether it came true."""
    for _ in range(frames):
        if done():
            return True
        d.step()
        time.sleep(0.002)  # the network threads run
    return done()


def on_loopback(monkeypatch) -> None:
    """Hosting on any free port of 127.0.0.1, announced nowhere; the Join screen's search
    unavailable-checks pass (what it finds is each test's)."""
    from cardtable.ui import hosting, join_scene

    monkeypatch.setattr(hosting, "HOST_PORT", 0)
    monkeypatch.setattr(hosting, "BIND", "127.0.0.1")
    monkeypatch.setattr(hosting, "ADVERTISE", False)
    monkeypatch.setattr(join_scene, "unavailable", lambda: None)
