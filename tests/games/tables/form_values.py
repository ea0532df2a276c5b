"""What a browser would send for a page's form: every field's value as the page shows it (the
selected option, the checked boxes, the hidden and text inputs), read from the HTML. Lets a test
check what a page renders by submitting it, as a player would."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None
        self._first_option: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        name = found.get("name")
        if tag == "input" and name:
            kind = found.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in found:
                    self.values[name] = found.get("value", "on")
            elif kind not in ("submit", "button"):
                self.values[name] = found.get("value", "")
        elif tag == "select" and name:
            self._select, self._first_option = name, None
        elif tag == "option" and self._select:
            value = found.get("value", "")
            if self._first_option is None:
                self._first_option = value
            if "selected" in found:
                self.values[self._select] = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self._select:
            # a select without a selected option sends its first one
            self.values.setdefault(self._select, self._first_option or "")
            self._select = None


def form_values(html: str, *, form_class: str) -> dict[str, str]:
    """The values the form with `form_class` among its classes would send."""
    start = html.index(f'class="{form_class}')
    start = html.rindex("<form", 0, start)
    end = html.index("</form>", start)
    reader = _FormReader()
    reader.feed(html[start:end])
    return reader.values
