"""Every word and figure llmcost shows, rendered from a typed Answer through prompts/.

- formats.py   one rule each for money, quantities, shares (Decimal-aware); read its docstring
- env.py       the one jinja2 environment factory (plain, Slack, Slack-plain) and the one slack_escape
- cli.py       findings as sentences, the terminal text of `llmcost ask`, the vLLM command
- contract.py  the JSON contract, built only where JSON is printed
- views.py     a Reply into the values the Slack templates need; buttons' data
- words.py     Slack messages and views from prompts/slack/, within Block Kit's limits
- chart.py     the chart under a verdict (PNG)
- digest.py    the weekly digest's Block Kit and text
"""

from bot.render.cli import finding, findings, serve_command, text
from bot.render.contract import contract_of, to_contract

__all__ = ["contract_of", "finding", "findings", "serve_command", "text", "to_contract"]
