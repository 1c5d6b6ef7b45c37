"""Synthesised sounds: real samples, and silence rather than a crash without a mixer."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.ui.sound import Sounds, synthesise


@pytest.mark.parametrize("name", Sounds.NAMES)
def test_each_sound_is_short_audible_and_within_range(name):
    samples = synthesise(name, random.Random(1))
    assert 0.02 * 22_050 < len(samples) < 0.6 * 22_050
    assert max(abs(s) for s in samples) > 3000
    assert all(-32768 <= s <= 32767 for s in samples)


def test_without_a_mixer_sounds_are_silent_not_fatal(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds(enabled=True)
    assert sounds.error == "no audio device"
    assert sounds.play("flip") is False


def test_sounds_are_made_after_the_first_frame_or_when_first_played():
    pygame.init()
    waiting = Sounds(enabled=True)
    assert waiting.error is None and waiting.sounds == {}  # nothing synthesised before the first frame
    thread = waiting.prepare()
    assert thread is not None
    thread.join()
    assert waiting.prepare() is None
    eager = Sounds(enabled=True)
    assert eager.play("flip") is True  # played before prepare(): made at once
    assert set(waiting.sounds) == set(eager.sounds) == set(Sounds.NAMES)
    assert waiting.sounds["shuffle"].get_raw() == eager.sounds["shuffle"].get_raw()
