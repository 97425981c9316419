"""Pictures of the bot's Slack surfaces, rendered from the real Block Kit payloads, for docs/pictures/.

    .venv/bin/python tools/slack_pictures.py            # writes docs/pictures/*.png (needs chromium)
    .venv/bin/python tools/slack_pictures.py --html     # only the HTML, beside them

Block Kit is drawn with a small HTML approximation of Slack's look (mrkdwn bold, italics, code, links,
fields, buttons, inputs, radio buttons, menus), then screenshotted by headless chromium. It is a reading
aid for reviewing words and layout, not a pixel copy of Slack. The payloads are the bot's own: the
templates in prompts/slack/ filled by bot.render.views, the Home tab from a log of real answers, the form
from bot.slack.listeners.views.form, the digest from bot.digest over that log.
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "pictures"
QUESTIONS = (
    "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?",
    "kimi k2 at 2,000 tok/s per user, the text may not leave",
    "can we run gpt-5 ourselves?",
    "can we run frobnicator-9000 at 5 tok/s?",
)

CSS = """
body { margin: 0; background: #fff; font: 15px/1.46668 'Lato', 'DejaVu Sans', sans-serif; color: #1d1c1d; }
.page { width: 760px; padding: 20px 24px; }
.msg { display: flex; gap: 10px; }
.avatar { width: 36px; height: 36px; border-radius: 6px; background: #1f2937; color: #fff; font-weight: 700;
          display: flex; align-items: center; justify-content: center; flex: none; font-size: 13px; }
.who b { font-weight: 900; } .who span { color: #616061; font-size: 12px; margin-left: 6px; }
.blocks { flex: 1; min-width: 0; }
h3 { font-size: 18px; font-weight: 900; margin: 8px 0 4px; }
.section { margin: 4px 0; white-space: pre-wrap; word-wrap: break-word; }
.fields { display: grid; grid-template-columns: 1fr 1fr; gap: 8px 16px; margin: 6px 0; }
.fields > div { white-space: pre-wrap; }
.context { color: #616061; font-size: 13px; margin: 6px 0; white-space: pre-wrap; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
.button { border: 1px solid #ddd; border-radius: 4px; padding: 3px 12px; font-weight: 700; font-size: 14px; }
.button.primary { background: #007a5a; color: #fff; border-color: #007a5a; }
hr { border: 0; border-top: 1px solid #ddd; margin: 12px 0; }
code { font: 12px 'DejaVu Sans Mono', monospace; color: #e01e5a; background: #f6f6f6; border: 1px solid #ddd;
       border-radius: 3px; padding: 0 3px; }
pre { font: 12px 'DejaVu Sans Mono', monospace; background: #f8f8f8; border: 1px solid #ddd; border-radius: 4px;
      padding: 8px; white-space: pre-wrap; margin: 4px 0; }
a { color: #1264a3; text-decoration: none; }
.modal { width: 520px; margin: 20px auto; border-radius: 8px; box-shadow: 0 0 0 1px #ddd, 0 4px 12px #0002; }
.modal .title { font-size: 22px; font-weight: 900; padding: 16px 24px; border-bottom: 1px solid #ddd; }
.modal .body { padding: 12px 24px; }
.modal .foot { display: flex; justify-content: flex-end; gap: 8px; padding: 16px 24px; border-top: 1px solid #ddd; }
.input { margin: 14px 0; } .input label { font-weight: 700; display: block; margin-bottom: 4px; }
.input .optional { color: #616061; font-weight: 400; }
.box { border: 1px solid #bbb; border-radius: 4px; padding: 7px 10px; color: #868686; }
.box.select::after { content: ' ▾'; float: right; }
.hint { color: #616061; font-size: 13px; margin-top: 4px; }
.radio { margin: 3px 0; } .radio .dot { display: inline-block; width: 12px; height: 12px; border-radius: 50%;
         border: 1px solid #868686; margin-right: 8px; vertical-align: -1px; }
.radio .dot.on { border: 4px solid #1264a3; width: 6px; height: 6px; }
.radio .desc { color: #616061; font-size: 13px; margin-left: 22px; }
.tab { font-weight: 700; border-bottom: 2px solid #1264a3; display: inline-block; padding: 0 4px 6px; margin-bottom: 8px; }
"""


def mrkdwn(text: str) -> str:
    """Slack's mrkdwn as HTML. The text is already Slack-escaped (& < >), so it is safe HTML as it is."""
    out = []
    for i, part in enumerate(re.split(r"```", text)):
        if i % 2:
            out.append(f"<pre>{part.strip(chr(10))}</pre>")
            continue
        part = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", part)
        part = re.sub(r"&lt;(https?://[^|&]+)\|([^&]+)&gt;|<(https?://[^|>]+)\|([^>]+)>",
                      lambda m: f'<a>{m.group(2) or m.group(4)}</a>', part)
        part = re.sub(r"<#(C[A-Z0-9]+)>", r"<a>#channel</a>", part)
        part = re.sub(r"<@(U[A-Z0-9]+)>", r"<a>@someone</a>", part)
        part = re.sub(r"(^|[\s(“])\*([^*\n]+?)\*(?=$|[\s.,:;!?)·”])", r"\1<b>\2</b>", part, flags=re.M)
        part = re.sub(r"(^|[\s(])_([^_\n]+?)_(?=$|[\s.,:;!?)])", r"\1<i>\2</i>", part, flags=re.M)
        out.append(part)
    return "".join(out)


def text_html(obj: dict) -> str:
    return mrkdwn(obj["text"]) if obj.get("type") == "mrkdwn" else html.escape(html.unescape(obj["text"]))


def option_label(option: dict) -> str:
    return text_html(option["text"])


def element_html(element: dict) -> str:
    kind = element["type"]
    if kind == "button":
        style = " primary" if element.get("style") == "primary" else ""
        return f'<span class="button{style}">{text_html(element["text"])}</span>'
    if kind in ("external_select", "static_select"):
        chosen = element.get("initial_option")
        label = option_label(chosen) if chosen else text_html(element.get("placeholder", {"text": ""}))
        return f'<div class="box select">{label}</div>'
    if kind in ("number_input", "plain_text_input"):
        return f'<div class="box">{text_html(element.get("placeholder", {"text": ""}))}</div>'
    if kind == "radio_buttons":
        chosen = (element.get("initial_option") or {}).get("value")
        rows = []
        for option in element["options"]:
            on = " on" if option["value"] == chosen else ""
            desc = f'<div class="desc">{text_html(option["description"])}</div>' if option.get("description") else ""
            rows.append(f'<div class="radio"><span class="dot{on}"></span>{option_label(option)}{desc}</div>')
        return "".join(rows)
    if kind in ("mrkdwn", "plain_text"):
        return text_html(element)
    raise ValueError(f"no picture for a {kind!r} element")


def block_html(block: dict) -> str:
    kind = block["type"]
    if kind == "header":
        return f"<h3>{text_html(block['text'])}</h3>"
    if kind == "section":
        parts = []
        if "text" in block:
            parts.append(f'<div class="section">{text_html(block["text"])}</div>')
        if "fields" in block:
            parts.append('<div class="fields">' + "".join(f"<div>{text_html(f)}</div>" for f in block["fields"]) + "</div>")
        return "".join(parts)
    if kind == "context":
        return '<div class="context">' + " ".join(element_html(e) for e in block["elements"]) + "</div>"
    if kind == "actions":
        return '<div class="actions">' + "".join(element_html(e) for e in block["elements"]) + "</div>"
    if kind == "divider":
        return "<hr>"
    if kind == "input":
        optional = ' <span class="optional">(optional)</span>' if block.get("optional") else ""
        hint = f'<div class="hint">{text_html(block["hint"])}</div>' if block.get("hint") else ""
        return (f'<div class="input"><label>{text_html(block["label"])}{optional}</label>'
                f'{element_html(block["element"])}{hint}</div>')
    raise ValueError(f"no picture for a {kind!r} block")


def message_page(messages: list[list[dict]]) -> str:
    body = []
    for blocks in messages:
        inner = "".join(block_html(b) for b in blocks)
        body.append('<div class="msg"><div class="avatar">llm</div><div class="blocks">'
                    f'<div class="who"><b>llmcost</b><span>APP</span></div>{inner}</div></div>')
    return page("".join(body))


def home_page(view: dict) -> str:
    return page('<div class="tab">Home</div>' + "".join(block_html(b) for b in view["blocks"]))


def modal_page(view: dict) -> str:
    blocks = "".join(block_html(b) for b in view["blocks"])
    return page(f'<div class="modal"><div class="title">{text_html(view["title"])}</div>'
                f'<div class="body">{blocks}</div><div class="foot">'
                f'<span class="button">{text_html(view["close"])}</span>'
                f'<span class="button primary">{text_html(view["submit"])}</span></div></div>')


def page(inner: str) -> str:
    return f'<!doctype html><meta charset="utf-8"><style>{CSS}</style><div class="page">{inner}</div>'


# --- the payloads ---------------------------------------------------------------------------------

def payloads() -> dict[str, str]:
    from freezegun import freeze_time

    from bot import digest
    from bot.render import views, words
    from bot.service import ask
    from bot.slack.listeners.home import NEW_ESTIMATE
    from bot.slack.listeners.views import form
    from bot.store import LogStore

    replies = [ask(q) for q in QUESTIONS]
    first = replies[0]
    verdict = views.verdict(first, user_id="U0001")
    details = views.details(first)
    store = LogStore.memory()
    monday = dt.datetime.now(dt.UTC) - dt.timedelta(days=dt.datetime.now(dt.UTC).weekday())
    for day, (question, reply) in enumerate(zip(QUESTIONS, replies, strict=True)):
        with freeze_time(monday.replace(hour=9 + day, minute=0, second=0, microsecond=0)):
            store.log(surface="mention", text=question, reply=reply, user_id="U0001", channel_id="C0001")
    rows = store.recent(user_id="U0001", limit=10)
    week = digest.summarise(store, digest.this_week(dt.datetime.now(dt.UTC), ZoneInfo("UTC")))
    return {
        "verdict": message_page([words.blocks("verdict.json.j2", **verdict)]),
        "details": message_page([words.blocks("details.json.j2", **details)]),
        "home": home_page(words.view("home.json.j2", rows=rows, new_action=NEW_ESTIMATE)),
        "modal": modal_page(form.view()),
        "digest": message_page([digest.render_blocks(week)]),
    }


def screenshot(chromium: str, page_html: Path, png: Path) -> None:
    from PIL import Image, ImageChops

    with tempfile.TemporaryDirectory(dir=page_html.parent) as profile:
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--force-device-scale-factor=1.5", f"--user-data-dir={profile}", "--window-size=820,2400",
                        f"--screenshot={png}", page_html.as_uri()], check=True, capture_output=True, timeout=120)
    image = Image.open(png).convert("RGB")
    box = ImageChops.difference(image, Image.new("RGB", image.size, "white")).getbbox()
    if box:  # keep the content and a margin, drop the empty window below it
        image = image.crop((0, 0, image.width, min(image.height, box[3] + 30)))
    image.quantize(colors=256, dither=Image.Dither.NONE).save(png, optimize=True)  # a third of the bytes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", action="store_true", help="write the HTML only")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not args.html and not chromium:
        print("no chromium on PATH (apt-get install chromium); use --html for the HTML alone", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(dir=ROOT / ".venv") as tmp:
        for name, page_html in payloads().items():
            target = (OUT if args.html else Path(tmp)) / f"{name}.html"
            target.write_text(page_html)
            if not args.html:
                screenshot(chromium, target, OUT / f"{name}.png")
                print(OUT / f"{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
