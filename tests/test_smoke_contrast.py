"""``cardtable --smoke`` draws every screen and every game's table again in the high-contrast
theme at UI scale 2.0, at 1,366 x 768 and 1,920 x 1,080, with no layout problem (issue 35)."""

from __future__ import annotations

from cardtable import smoke, variants


def test_the_smoke_run_checks_high_contrast_at_scale_2_at_both_sizes():
    assert {(theme, size, scale) for theme, size, scale in smoke.THEMED_LOOKS} >= {
        ("high contrast", (1366, 768), 2.0), ("high contrast", (1920, 1080), 2.0)}


def test_every_table_in_high_contrast_at_scale_2_has_no_layout_problem(monkeypatch):
    from cardtable.ui import layout_check
    from cardtable.ui.theme import THEME, THEMES

    backdrops: set[tuple[int, int, int]] = set()
    checked = layout_check.check_scene

    def check_scene(scene, window):
        backdrops.add(THEME.backdrop)  # the theme the frame was drawn in
        return checked(scene, window)

    monkeypatch.setattr(layout_check, "check_scene", check_scene)
    entries = variants.discover([(variants.variant_dirs()[0][0], False)])
    for theme, size, scale in smoke.THEMED_LOOKS:
        layout: list[str] = []
        counts = {"frames": 0, "boxes": 0}
        smoke._draw_every_screen(size, scale, entries, layout, counts, theme=theme)
        assert counts["frames"] > len(entries) and counts["boxes"] > counts["frames"]
        assert layout == [], "\n".join(dict.fromkeys(layout))
    assert backdrops == {THEMES["high contrast"]["backdrop"]}
    assert THEME.backdrop == THEMES["standard"]["backdrop"]  # the theme put back after the run


def test_every_lesson_at_a_small_window_and_at_the_largest_scale_has_no_layout_problem():
    """Each game's lesson played to its end at 1,024 x 640 scale 1.0 and 1.5 and at 1,366 x 768
    scale 2.0 (the smoke run plays each lesson at one look only): nothing off the window,
    overlapping or cut short in any frame with no card moving."""
    entries = variants.discover([(variants.variant_dirs()[0][0], False)])
    for size, scale in (((1024, 640), 1.0), ((1024, 640), 1.5), ((1366, 768), 2.0)):
        layout: list[str] = []
        counts = {"frames": 0, "boxes": 0}
        smoke._play_every_lesson(size, scale, entries, layout, counts)
        assert counts["frames"] > 100
        assert layout == [], "\n".join(dict.fromkeys(layout))
