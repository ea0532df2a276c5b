"""autobahn's debug-line arguments are plain text in a daphne (euchre_site/autobahn_logs.py)."""

import autobahn.util

from euchre_site.autobahn_logs import autobahn_plain_log_arguments


def test_the_arguments_are_plain_text_once_set(monkeypatch):
    monkeypatch.setattr(autobahn.util, "_HAS_CLICK", True)  # as at import, click being installed
    assert autobahn.util.hlval("peer") != "peer"  # coloured: the cost being removed

    autobahn_plain_log_arguments()

    assert autobahn.util.hlval("peer") == "peer"
    assert autobahn.util.hltype(test_the_arguments_are_plain_text_once_set) == (
        "<tests.euchre_site.test_autobahn_logs.test_the_arguments_are_plain_text_once_set>"
    )
