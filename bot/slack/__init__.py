"""The Slack surface: `create_app()` builds the Bolt app; listeners live in `listeners/<kind>/`."""

from bot.slack.app import create_app

__all__ = ["create_app"]
