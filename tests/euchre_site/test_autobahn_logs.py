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


def test_a_sockets_settings_are_pretty_printed_only_when_a_line_shows_them(monkeypatch):
    import pprint

    import autobahn.websocket.protocol as protocol
    from txaio import make_logger

    monkeypatch.setattr(protocol, "pformat", pprint.pformat)
    monkeypatch.setattr(protocol.Timings, "__str__", protocol.Timings.__str__)
    calls = []

    def counted(value):
        calls.append(value)
        return pprint.pformat(value)

    monkeypatch.setattr("euchre_site.autobahn_logs.pformat", counted)
    autobahn_plain_log_arguments()

    settings = [("autoPingInterval", 0, "WebSocketServerFactory")] * 40
    made = protocol.pformat(settings)
    log = make_logger("info")
    log.debug("\n{attrs}", attrs=made)  # not shown at info: never formatted
    assert calls == []
    # shown: the same text pformat makes
    assert f"{made}" == pprint.pformat(settings) and str(made) == pprint.pformat(settings)
    assert len(calls) == 2

    timings = protocol.Timings()
    timings.track("onOpen")
    assert str(timings) == pprint.pformat(timings._timings)
