"""Listeners, one package per kind; each exposes `register(app)`."""

from __future__ import annotations

from slack_bolt import App

from bot.slack.listeners import actions, commands, events, home, shortcuts, views


def register(app: App) -> None:
    events.register(app)
    commands.register(app)
    actions.register(app)
    home.register(app)
    shortcuts.register(app)
    views.register(app)
