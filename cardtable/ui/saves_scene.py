"""Saving at the table, the list of saved games, resuming one, and the start-up offer.

* :class:`MatchKeeper` sits beside a :class:`~cardtable.ui.game_table.GameTableScene`:
  after every action it writes an autosave and records newly settled rounds in the
  statistics; Ctrl+S writes a named save; leaving or quitting writes a last autosave.
* :class:`SavesScene` lists the saves (broken ones with their error) and resumes one,
  replays one or writes its finished hands as a hand history (:mod:`cardtable.ui.hand_files`).
* :class:`ResumeOffer` asks at start "Resume the interrupted game?".
* :func:`resume_save` rebuilds a table through its game's ``restore(app, spec, data)``
  and always shows a pass screen before any hand: the file holds every hidden card.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from cardtable import games, journal, paths, save_checks, save_trust
from cardtable.journal import Journal
from cardtable.saves import (
    AUTOSAVE_KEEP,
    AUTOSAVE_MATCHES,
    Autosaver,
    BackgroundAutosaver,
    PendingSave,
    SaveError,
    SaveFile,
    delete_save,
    interrupted_save,
    list_saves,
    named_save_path,
    new_match_id,
    prepare,
    write_save,
)
from cardtable.stats import StatsBook
from cardtable.ui.dialog import Choice, Dialog
from cardtable.ui.hand_files import why_no_hands, write_hands
from cardtable.ui.row_list import list_move
from cardtable.ui.scene import Scene
from cardtable.ui.text import fit_text, plural
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup

_log = logging.getLogger(__name__)


class MatchKeeper:
    """Autosaves and statistics of one table.

    ``scene`` is a GameTableScene; ``match`` its match id (kept in every save, so a
    resumed match goes on with the same id and its rounds are never counted twice).
    """

    def __init__(self, scene, match: str | None = None) -> None:
        self.scene = scene
        self.match = match or new_match_id()
        self.writer: BackgroundAutosaver | None = None
        self.recorded_round: int | None = None
        self.match_over_recorded = False
        self.failed = False
        self.last_autosave_ms = 0.0
        self.journal = Journal(self.match)  # each move as it is made: a kill loses at most one

    # -- what is saved ------------------------------------------------------------------
    def summary(self, *, left: bool = False) -> dict[str, Any]:
        """What the saves list shows without loading the game."""
        scene, state = self.scene, self.scene.state
        to_act = state.to_act
        return {"names": list(scene.names), "bots": [s.bot for s in scene.seat_configs],
                "variant_name": scene.variant.name,
                "round": state.round_number,
                "round_word": games.get(scene.variant.game).round_word,
                "finished": state.is_over, "left": left,
                "to_act": scene.names[to_act] if to_act is not None and 0 <= to_act < len(scene.names) else None}

    def encode(self, kind: str, *, left: bool = False) -> bytes:
        """The save file's bytes for the table as it is now."""
        return self.prepare(kind, left=left).bytes()

    def prepare(self, kind: str, *, left: bool = False) -> PendingSave:
        """The save of the table as it is now, its bytes still to be made (by the writer
        thread, for an autosave).

        The state's history and log come already written (only what was appended since
        the last save is encoded) and are spliced in when the bytes are made, so the
        game thread's part costs the same however long the match.
        """
        state = self.scene.state
        spliced = getattr(state, "spliced_json", None)
        if spliced is None:  # a table whose state is not a GameState
            payload = self.scene.save_data()
        else:
            with spliced():
                payload = self.scene.save_data()
        return prepare(game=self.scene.variant.game, variant=self.scene.variant.id, match=self.match,
                       payload=payload, summary=self.summary(left=left), kind=kind, vouched=True)

    # -- hooks ---------------------------------------------------------------------------
    def after_action(self) -> None:
        """After every applied action: journal it, record a newly settled round, then autosave."""
        history = getattr(self.scene.state, "history", None)
        if history:
            self.journal.append(len(history), history[-1])
        self.record_stats()
        self.autosave()

    def closing(self, *, left: bool) -> None:
        """The table is closing: a last autosave (``left``: the players left on purpose), on disk
        before this returns."""
        self.autosave(left=left)
        self.journal.close(remove=self.flush() and not self.failed)  # on disk whole: the journal has done its work

    def flush(self) -> bool:
        """Wait until every autosave handed to the writer thread is on disk (and the saves
        this table vouches for are written down)."""
        done = self.writer.flush() if self.writer is not None else True
        save_trust.persist()
        return done

    def autosave(self, *, left: bool = False) -> None:
        """Encode the table now and hand it to the writer thread (the disk is not waited for).

        A failure is shown once, never raised into the game.
        """
        start = time.perf_counter()
        try:
            if self.writer is None:
                self.writer = BackgroundAutosaver(Autosaver(self.match))
            self.writer.submit(self.prepare("auto", left=left))
        except Exception as exc:  # noqa: BLE001 - an autosave must never take the game down
            self._report(exc)
        if self.writer is not None and self.writer.error is not None:
            self._report(self.writer.error)
        self.last_autosave_ms = (time.perf_counter() - start) * 1000

    def _report(self, exc: Exception) -> None:
        if not self.failed:
            _log.warning("autosave failed", exc_info=exc)
            self.scene.app.toast(f"Autosave failed: {getattr(exc, 'reason', exc)}", 5.0)
        self.failed = True

    def save_named(self) -> SaveFile | None:
        """Ctrl+S: write a named save and say where (a toast)."""
        try:
            path = write_save(named_save_path(self.scene.variant.id), self.encode("named"))
            save_trust.persist()
        except Exception as exc:  # noqa: BLE001 - a failed save is reported, the game goes on
            _log.warning("named save failed", exc_info=exc)
            self.scene.app.toast(f"Could not save: {getattr(exc, 'reason', exc)}", 5.0)
            return None
        app = self.scene.app
        # The whole path if it fits a line of the toast, else its end (the toast wraps what is
        # still too long rather than run over the log panel).
        shorter = [f"Saved to {path}", f"Saved to …{os.sep}{path.parent.name}{os.sep}{path.name}",
                   f"Saved to …{os.sep}{path.name}"]
        where = next((text for text in shorter if len(app.toast_lines(text)) == 1), shorter[-1])
        app.toast(where, 4.0)
        return SaveFile(path, "named", time.time())

    def record_stats(self) -> None:
        """Count a round when the game's ``round_outcome()`` shows a new one; the winner at the end.

        A failure (a damaged file, a malformed outcome) is shown, never raised into the game.
        """
        state = self.scene.state
        outcome = state.round_outcome()
        if not isinstance(outcome, dict):
            outcome = None
        new_round = outcome is not None and outcome.get("round") != self.recorded_round
        over = state.is_over and not self.match_over_recorded
        if not new_round and not over:
            return
        game = self.scene.variant.game
        if new_round:
            self.recorded_round = outcome.get("round")  # once, even if recording fails
        if over:
            self.match_over_recorded = True
        try:
            book = StatsBook.load()
            if book.error:
                _log.warning("statistics: %s", book.error)
                self.scene.app.toast(book.error, 5.0)
            if new_round:
                book.record_round(self.match, game, self.scene.names, outcome)
            if over:
                table = state.standings()
                book.record_match_end(self.match, game, table[0][0] if table else None)
            book.save()
        except Exception as exc:  # noqa: BLE001 - the statistics must never take the game down
            _log.warning("could not record the statistics", exc_info=exc)
            self.scene.app.toast(f"Could not record the statistics: {getattr(exc, 'reason', exc)}", 4.0)


# --------------------------------------------------------------------------
# Resuming
# --------------------------------------------------------------------------

def resume_save(app, save: SaveFile) -> Scene | None:
    """Open the table of a good save; None (with a toast saying why) if it cannot be played."""
    from cardtable.ui.menu import game_table_module

    envelope = save.envelope
    if envelope is None:
        app.toast(f"Cannot resume: {save.error.reason if save.error else 'unreadable'}", 5.0)
        return None
    problem = save_checker(app)(envelope)  # the game, the variant, the payload's state and rules
    if problem is not None:
        app.toast(f"Cannot resume: {problem}", 6.0)
        return None
    spec = next((e.spec for e in app.variant_entries if e.spec and e.spec.id == envelope["variant"]), None)
    module = game_table_module(envelope["game"])
    payload = envelope["payload"]
    if save.kind == "auto" and isinstance(envelope.get("match"), str):  # the moves made after it, if it was killed
        payload, added = journal.recover(games.get(envelope["game"]), payload, envelope["match"])
        if added:
            app.toast(f"{plural(added, 'move')} made after the last autosave recovered", 4.0)
    if spec is None or module is None or not hasattr(module, "restore"):
        app.toast(f"Cannot resume: this version has no variant {envelope['variant']!r} to play it", 5.0)
        return None
    depth = len(app.scenes.scenes)
    try:
        scene = module.restore(app, spec, payload)
        scene.keeper = MatchKeeper(scene, envelope.get("match") or None)
        outcome = scene.state.round_outcome()
        scene.keeper.recorded_round = outcome.get("round") if outcome else None
    except Exception as exc:  # noqa: BLE001 - whatever a bad save raises, it is refused, never a crash
        while len(app.scenes.scenes) > depth:  # a table half opened goes again
            app.scenes.scenes.pop()  # not exit(): that would autosave the broken table
        if app.scenes.top is not None:
            app.scenes.top.resume()
        _log.warning("cannot resume %s", save.path, exc_info=exc)
        app.toast(f"Cannot resume: the save does not fit the game ({exc})", 6.0)
        return None
    show_pass_screen(scene)
    return scene


def replay_save(app, save: SaveFile) -> Scene | None:
    """Open the replay viewer on a good save's match (:mod:`cardtable.ui.replay_table`):
    a finished match from any seat or every card face up; one still in play only from the
    seats of the people at this screen, each behind the pass screen. None, with a toast
    saying why, when it cannot be replayed."""
    from cardtable.engine.replay import ReplayError
    from cardtable.match_replay import MatchReplay
    from cardtable.ui.replay_table import PEOPLE, WHOLE_MATCH, open_replay
    from cardtable.ui.setup_scene import SeatConfig

    envelope = save.envelope
    problem = save_checker(app)(envelope) if envelope is not None else "the save cannot be read"
    if problem is not None or envelope is None:
        app.toast(f"Cannot replay: {problem}", 6.0)
        return None
    spec = next((e.spec for e in app.variant_entries if e.spec and e.spec.id == envelope["variant"]), None)
    game = games.get(envelope["game"])
    if spec is None or game.state is None:
        app.toast(f"Cannot replay: {game.name} keeps no moves to replay" if spec is not None
                  else f"Cannot replay: this version has no variant {envelope['variant']!r}", 5.0)
        return None
    payload = envelope["payload"]
    if save.kind == "auto" and isinstance(envelope.get("match"), str):  # the moves made after it, if it was killed
        payload, _ = journal.recover(game, payload, envelope["match"])
    try:
        state = save_checks.load_state(game.id, payload, trusted=True)  # checked above; the replay applies every move
        replay = MatchReplay(game, state)
        seats = [SeatConfig(str(s["name"]), s.get("bot"), bool(s.get("remote"))) for s in payload["seats"]]
        imported = bool(save.summary.get("imported"))  # (a hand from a file: its every card came from there)
        return open_replay(app, spec, replay, seats, who=WHOLE_MATCH if replay.is_over or imported else PEOPLE)
    except (ReplayError, SaveError) as exc:
        app.toast(f"Cannot replay: {getattr(exc, 'reason', exc)}", 6.0)
    except Exception as exc:  # noqa: BLE001 - whatever a bad save raises, it is refused, never a crash
        _log.warning("cannot replay %s", save.path, exc_info=exc)
        app.toast(f"Cannot replay: the save does not fit the game ({type(exc).__name__})", 6.0)
    return None


def show_pass_screen(scene) -> None:
    """Hide a resumed table behind a pass screen for the person whose cards would show."""
    to_act = scene.state.to_act
    seat = to_act if to_act is not None and to_act >= 0 and not scene.is_bot(to_act) else scene.viewer
    if seat is None and scene.humans:
        seat = scene.humans[0]
    if seat is not None and not scene.passing:
        scene.pass_to(seat, note="A saved game is resuming: the cards stay hidden until you are ready.")


def save_checker(app) -> Callable[[Mapping[str, Any]], str | None]:
    """The check of a save's payload against its game and the app's variants (see :mod:`cardtable.save_checks`)."""
    return save_checks.checker({e.spec.id: e.spec.game for e in app.variant_entries if e.spec})


def offer_interrupted(app) -> Scene | None:
    """At start: if the last match saved was interrupted, ask whether to resume it."""
    save = interrupted_save(check=save_checker(app))
    if save is None:
        return None
    return app.push(ResumeOffer(app, save))


def _when(stamp: float) -> str:
    return time.strftime("%a %d %b %H:%M", time.localtime(stamp))


def describe(save: SaveFile, variant_names: dict[str, str]) -> tuple[str, str]:
    """A save's two lines for a list: what and when; who and how far (or the error)."""
    kind = "Autosave" if save.kind == "auto" else "Saved"
    if not save.ok:
        reason = save.error.reason if save.error else "cannot be read"
        return f"{save.path.name}   ·   cannot be loaded", reason
    env, summary = save.envelope, save.summary
    assert env is not None  # a save that is ok has its envelope
    name = variant_names.get(env["variant"], summary.get("variant_name") or env["variant"])
    head = f"{name}   ·   {kind}"
    if summary.get("round") is not None:
        head += f"   ·   {summary.get('round_word', 'round')} {summary['round']}"
    status = ("finished" if summary.get("finished") else "left mid-game" if summary.get("left")
              else "interrupted" if save.kind == "auto" else "in play")
    if isinstance(summary.get("imported"), str):
        head, status = f"{name}   ·   Imported hand", f"from {summary['imported'][:80]}"
    names = ", ".join(summary.get("names", []))
    return head, f"{names}   ·   {status}"


def fewer_names(fonts: Any, line: str, size: int, room: int) -> str:
    """A save's "who and how far" line in ``room`` pixels: whole, else naming fewer players
    ("Ada, Bo and 6 more   ·   left mid-game"), else cut."""
    if fonts.size_of(line, size)[0] <= room or "   ·   " not in line:
        return fit_text(fonts, line, size, room)
    names, status = line.rsplit("   ·   ", 1)
    each = names.split(", ")
    for keep in range(len(each) - 1, 0, -1):
        shorter = f"{', '.join(each[:keep])} and {len(each) - keep} more   ·   {status}"
        if fonts.size_of(shorter, size)[0] <= room:
            return shorter
    return fit_text(fonts, line, size, room)


class SavesScene(Scene):
    """Every save, newest first: pick one to resume; a broken one shows its error."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.saves: list[SaveFile] = list_saves(check=save_checker(app))
        self.selected = 0
        self.first = 0
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.widgets = WidgetGroup()
        self.variant_names = {e.spec.id: e.spec.name for e in app.variant_entries if e.spec}
        self.layout()

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def spoken_title(self) -> str:
        """The title, how many saves and the keys."""
        return (f"Saved games: {len(self.saves)}. Up and Down choose one, Enter resumes it, "
                "Tab the buttons, Esc goes back.")

    def layout(self) -> None:
        """Place the rows that fit and the buttons."""
        px, fonts = self.app.px, self.app.fonts
        w, h = self.app.screen.get_size()
        self.list_rect = pygame.Rect(px(40), px(124), w - px(80), h - px(214))
        row_h = px(58)
        fits = max(1, (self.list_rect.height + px(6)) // (row_h + px(6)))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + fits:
            self.first = self.selected - fits + 1
        self.rows = [(i, pygame.Rect(self.list_rect.x, self.list_rect.y + (i - self.first) * (row_h + px(6)),
                                     self.list_rect.width, row_h))
                     for i in range(self.first, min(len(self.saves), self.first + fits))]
        group = WidgetGroup()
        y = h - px(74)
        resume = group.add(Button((px(40), y, px(170), px(48)), fonts, "Resume", self.resume_selected,
                                  size=px(20), primary=True, hotkey="Enter"))
        group.add(Button((px(222), y, px(150), px(48)), fonts, "◀ Back", self.close, size=px(20), hotkey="Esc"))
        replay = group.add(Button((px(384), y, px(150), px(48)), fonts, "Replay", self.replay_selected,
                                  size=px(20), hotkey="R"))
        hands = group.add(Button((px(546), y, px(150), px(48)), fonts, "Hands", self.hands_selected,
                                 size=px(20), hotkey="H"))
        hands.disabled_reason = why_no_hands(self.current)
        delete = group.add(Button((w - px(40) - px(150), y, px(150), px(48)), fonts, "Delete…",
                                  self.ask_delete, size=px(20), hotkey="Del"))
        current = self.current
        if current is None:
            resume.disabled_reason = "There is no save to resume"
            replay.disabled_reason = "There is no save to replay"
            delete.disabled_reason = "There is no save to delete"
        elif not current.ok:
            resume.disabled_reason = current.error.reason if current.error else "This save cannot be read"
            replay.disabled_reason = resume.disabled_reason
        self.widgets = group

    @property
    def current(self) -> SaveFile | None:
        """The highlighted save."""
        return self.saves[self.selected] if 0 <= self.selected < len(self.saves) else None

    def resume_selected(self) -> None:
        """Resume the highlighted save (the list closes first)."""
        save = self.current
        if save is None or not save.ok:
            return
        self.app.scenes.remove(self)
        resume_save(self.app, save)

    def replay_selected(self) -> None:
        """Step through the highlighted save's match (:func:`replay_save`); the list stays
        under the replay."""
        save = self.current
        if save is not None and save.ok:
            replay_save(self.app, save)

    def hands_selected(self) -> None:
        """Write the highlighted save's finished hands beside the saves (:func:`write_hands`)."""
        save = self.current
        if save is not None:
            write_hands(self.app, save)

    def toast_avoid(self) -> pygame.Rect:
        """A message stays above the buttons, off them."""
        h = self.app.screen.get_height()
        return pygame.Rect(0, h - self.app.px(80), self.app.screen.get_width(), self.app.px(80))

    def close(self) -> None:
        """Back to the menu."""
        self.app.scenes.remove(self)

    def ask_delete(self) -> None:
        """Ask before deleting the highlighted save (Delete button, Del key)."""
        save = self.current
        if save is not None:
            self.app.push(ConfirmDelete(self.app, save, self.variant_names, self.delete))

    def delete(self, save: SaveFile) -> None:
        """Delete ``save`` (a whole autosaved match), then list the saves again."""
        try:
            removed = delete_save(save)
        except OSError as exc:
            self.app.toast(f"Could not delete {save.path.name}: {exc.strerror or exc}", 4.0)
            _log.warning("could not delete %s: %s", save.path, exc)
        else:
            count = len(removed)
            self.app.toast(f"Deleted {count} file{'s' if count != 1 else ''}", 2.5)
        self.saves = list_saves(check=save_checker(self.app))
        self.selected = min(self.selected, max(0, len(self.saves) - 1))
        self.layout()

    def select(self, index: int) -> None:
        """Highlight a row."""
        if self.saves:
            self.selected = max(0, min(len(self.saves) - 1, index))
            self.layout()
            save = self.saves[self.selected]
            head, sub = describe(save, self.variant_names)
            self.app.speech.say(f"{head}. {sub}. {_when(save.modified)}", interrupt=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        move = list_move(event, self.rows, self.selected)
        if move is not None:
            opened, i = move
            self.resume_selected() if opened else self.select(i)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.select(self.selected - int(event.y))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.ask_delete()
            elif event.key == pygame.K_r:
                self.replay_selected()
            elif event.key in (pygame.K_HOME, pygame.K_END):
                self.select(0 if event.key == pygame.K_HOME else len(self.saves) - 1)
            elif event.key == pygame.K_h:
                self.hands_selected()
            elif event.key == pygame.K_ESCAPE:
                self.close()
            else:
                return False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        w, h = surface.get_size()
        surface.fill(THEME.felt_dark)
        surface.blit(fonts.render("Saved games", px(34), THEME.text, bold=True), (px(40), px(30)))
        lines = (f"Ctrl+S saves at a table. Autosave keeps {AUTOSAVE_KEEP} per game, "
                 f"for the {AUTOSAVE_MATCHES} latest games.", f"Folder: {paths.shown(paths.saves_dir())}")
        for n, line in enumerate(lines):
            surface.blit(fonts.render(fit_text(fonts, line, px(14), w - px(80)), px(14), THEME.text_dim),
                         (px(42), px(74) + n * px(20)))
        if not self.saves:
            msg = "No saved games yet."
            surface.blit(fonts.render(msg, px(20), THEME.text), (self.list_rect.x, self.list_rect.y + px(10)))
        for i, row in self.rows:
            self._draw_row(surface, self.saves[i], row, i == self.selected)
        if len(self.saves) > len(self.rows):
            more = f"{self.first + 1}-{self.first + len(self.rows)} of {len(self.saves)}   (↑ ↓ to scroll)"
            img = fonts.render(more, px(14), THEME.text_dim)
            surface.blit(img, img.get_rect(bottomright=(self.list_rect.right, h - px(84))))
        self.widgets.draw(surface)

    def _draw_row(self, surface: pygame.Surface, save: SaveFile, row: pygame.Rect, selected: bool) -> None:
        px, fonts = self.app.px, self.app.fonts
        pygame.draw.rect(surface, THEME.button_down if selected else THEME.panel, row, border_radius=px(10))
        if selected:
            pygame.draw.rect(surface, THEME.focus, row, 2, border_radius=px(10))
        head, sub = describe(save, self.variant_names)
        when = fonts.render(_when(save.modified), px(15), THEME.text_dim)
        surface.blit(when, when.get_rect(topright=(row.right - px(14), row.y + px(8))))
        room = row.width - px(28) - when.get_width() - px(20)
        ink = THEME.text if save.ok else THEME.error
        surface.blit(fonts.render(fit_text(fonts, head, px(19), room, bold=True), px(19), ink, bold=True),
                     (row.x + px(14), row.y + px(6)))
        sub_ink = THEME.text_dim if save.ok else THEME.error
        surface.blit(fonts.render(fewer_names(fonts, sub, px(15), row.width - px(28)), px(15), sub_ink),
                     (row.x + px(14), row.y + px(33)))


class ConfirmDelete(Dialog):
    """"Delete this save?" with Delete and Keep; Keep (or Esc) changes nothing."""

    title = "Delete this save?"

    def __init__(self, app, save: SaveFile, variant_names: dict[str, str],
                 on_delete: Callable[[SaveFile], None]) -> None:
        self.save, self.variant_names, self.on_delete = save, variant_names, on_delete
        super().__init__(app)

    def choices(self) -> tuple[Choice, Choice | None]:
        """Keep has the focus, so Enter does no harm."""
        return Choice("Keep", self.close, "Esc", focused=True), Choice("Delete", self.confirm)

    def confirm(self) -> None:
        """Delete the save and close."""
        self.close()
        self.on_delete(self.save)

    def keep(self) -> None:
        """Close without deleting."""
        self.close()

    def draw_body(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        head, sub = describe(self.save, self.variant_names)
        what = ("Every autosave of this game is deleted." if self.save.kind == "auto"
                else "The file is deleted; this cannot be undone.")
        self.draw_lines(surface, panel, [(head, THEME.text), (sub, THEME.text_dim), (what, THEME.text_dim)])


class ResumeOffer(Dialog):
    """"Resume the interrupted game?" at start, with Resume and Not now."""

    title = "Resume the interrupted game?"

    def __init__(self, app, save: SaveFile, on_done: Callable[[], None] | None = None) -> None:
        self.save, self.on_done = save, on_done
        super().__init__(app)

    def panel_height(self) -> int:
        return self.app.px(260)

    def choices(self) -> tuple[Choice, Choice | None]:
        """Resume (Enter) to the right, Not now (Esc) to the left."""
        return (Choice("Resume", self.accept, "Enter", primary=True, focused=True),
                Choice("Not now", self.decline, "Esc"))

    def accept(self) -> None:
        """Resume the game."""
        self.close()
        resume_save(self.app, self.save)

    def decline(self) -> None:
        """Keep the save (it stays in the list) and go on to the menu."""
        self.close()

    def draw_body(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        names = {e.spec.id: e.spec.name for e in self.app.variant_entries if e.spec}
        head, sub = describe(self.save, names)
        self.draw_lines(surface, panel, [(head, THEME.text), (sub, THEME.text_dim),
                                         (f"saved {_when(self.save.modified)}", THEME.text_dim)], top=70)
