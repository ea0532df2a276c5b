"""The site's settings for the error pages' browser test: DEBUG off as `run.py serve` runs,
the test's one failing view added (tests.euchre_site.failing_urls), static files served from
the source folders (the test run does not collect them)."""

from tests.settings import *  # noqa: F403

ROOT_URLCONF = "tests.euchre_site.failing_urls"
WHITENOISE_USE_FINDERS = True
