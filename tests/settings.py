"""The site's settings for the test run, and for the processes its tests start (daphne, Celery
workers, beat), which inherit DJANGO_SETTINGS_MODULE from pytest: the site's own, with the one
change Django advises for tests (docs: "Speeding up the tests"): a fast password hasher. The
default PBKDF2 costs 0.2 s of CPU a password and the suite makes and checks hundreds:
`tests/accounts` and `tests/economy`, two runs each in turn, took 158.5 and 158.9 s (112 s of CPU)
with it and 86.0 and 77.6 s (37 and 30 s) with this one. The hasher's strength is not what any
test is about (`tests/scale/test_deploy_settings.py` checks the site's own)."""

import os

# Each pytest-xdist worker (`python3 run.py test` runs two) keeps its Redis keys, channel layer
# and Celery queues apart under a prefix of its own, as its database is (pytest-django names it
# test_<name>_gw<n>); the processes its tests start inherit the prefix with the environment.
_worker = os.environ.get("PYTEST_XDIST_WORKER")
_prefix = os.environ.get("REDIS_KEY_PREFIX", "euchre")
if _worker and not _prefix.endswith(f"-{_worker}"):
    os.environ["REDIS_KEY_PREFIX"] = f"{_prefix}-{_worker}"

from euchre_site.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The pause between two hands (7 s on the site) is for a person reading the summary: the tests
# that are about it set their own (tests/games/live/test_hand_pause.py, the browser's live_site);
# elsewhere a whole game played by computers over a worker would wait 7 s a hand.
GAME_HAND_PAUSE_SECONDS = float(os.environ.get("GAME_HAND_PAUSE_SECONDS", "0.2"))
