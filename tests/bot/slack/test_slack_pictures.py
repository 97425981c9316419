"""tools/slack_pictures.py draws every block and element the bot's payloads use (chromium not needed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def pictures():
    spec = importlib.util.spec_from_file_location("slack_pictures", ROOT / "tools" / "slack_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_surface_renders_to_html(pictures):
    pages = pictures.payloads()
    assert set(pages) == {"verdict", "details", "home", "modal", "digest"}
    assert "the API wins" in pages["verdict"]
    assert "New estimate" in pages["home"] and "“can we run gpt-5 ourselves?” → no weights" in pages["home"]
    assert 'class="modal"' in pages["modal"] and "May the text leave?" in pages["modal"]
    assert "<code>frobnicator-9000</code> × 1" in pages["digest"]


def test_mrkdwn_becomes_html_without_letting_html_through(pictures):
    assert pictures.mrkdwn("*bold* and `code` &lt;b&gt;") == "<b>bold</b> and <code>code</code> &lt;b&gt;"
    assert pictures.mrkdwn("3*4*5") == "3*4*5"
    with pytest.raises(ValueError, match="video"):
        pictures.block_html({"type": "video"})
