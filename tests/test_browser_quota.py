

@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_pruning_notice_is_said_in_the_players_language(lang: str) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from skat.storage import MemoryStorage, Notice
    from skat.ui.app import App

    app = App(size=(1280, 720), store=Store(MemoryStorage(), language=lang), headless=True)
    text = app.services.localize(Notice("", "sheets_pruned", "sheets", reason="quota", count=3))
    assert "3" in text and ("Spiellisten" if lang == "de" else "score sheets") in text and "{" not in text
