"""`run.py serve` runs with DEBUG off unless DEBUG says otherwise, and says so plainly first."""

from __future__ import annotations

import stat

import pytest

from euchre_site.devtools.serve import DEBUG_OFF_LINE, DEBUG_ON_LINE, debug_mode_set


def test_debug_is_off_by_default_with_a_kept_secret_key_and_plain_http_cookies(tmp_path):
    env: dict[str, str] = {}
    assert debug_mode_set(env, tmp_path) == DEBUG_OFF_LINE
    assert DEBUG_OFF_LINE == "Debug mode: off (set DEBUG=true to turn it on)"
    assert env["DEBUG"] == "false" and env["SECURE_COOKIES"] == "false"
    key_file = tmp_path / "secret_key"
    assert env["SECRET_KEY"] == key_file.read_text() and len(env["SECRET_KEY"]) >= 50
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600

    again: dict[str, str] = {"DEBUG": ""}
    assert debug_mode_set(again, tmp_path) == DEBUG_OFF_LINE
    assert again["SECRET_KEY"] == env["SECRET_KEY"]  # the same key on the next start


@pytest.mark.parametrize("value", ["true", "1", "ON", " yes "])
def test_debug_set_on_is_kept_and_said_loudly(tmp_path, value):
    env = {"DEBUG": value}
    assert debug_mode_set(env, tmp_path) == DEBUG_ON_LINE
    assert DEBUG_ON_LINE.startswith("Debug mode: ON") and "unset DEBUG" in DEBUG_ON_LINE
    assert env == {"DEBUG": value} and not (tmp_path / "secret_key").exists()


def test_what_the_operator_set_is_kept(tmp_path):
    env = {"DEBUG": "false", "SECRET_KEY": "theirs", "SECURE_COOKIES": "true"}
    assert debug_mode_set(env, tmp_path) == DEBUG_OFF_LINE
    assert env == {"DEBUG": "false", "SECRET_KEY": "theirs", "SECURE_COOKIES": "true"}


def test_production_gets_no_made_up_key(tmp_path):
    env = {"DJANGO_ENV": "production"}
    debug_mode_set(env, tmp_path)
    assert "SECRET_KEY" not in env  # the settings then refuse to start, as they should


def test_a_debug_value_that_is_neither_is_refused(tmp_path):
    with pytest.raises(ValueError, match="DEBUG must be true or false"):
        debug_mode_set({"DEBUG": "maybe"}, tmp_path)
