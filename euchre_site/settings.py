"""Settings of the Euchre site.

Every value that differs between a laptop and a server comes from an environment variable, with
a default that lets the site run with nothing configured: a SQLite file when DATABASE_URL is
unset, Redis at REDIS_URL (`python3 run.py serve` starts an embedded one when it is unset),
e-mail to the console, Stripe pointed at nothing. See docs/operating.md, "Configuration".
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from euchre_site.beat_schedule import beat_schedule
from euchre_site.db_pool import db_pool_options
from euchre_site.env import env_bool, env_list

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("EUCHRE_VAR_DIR", BASE_DIR / "var"))


# DJANGO_ENV=production: DEBUG off by default, SECRET_KEY required, HTTPS only (see the end)
DJANGO_ENV = os.environ.get("DJANGO_ENV", "development").strip().lower()
if DJANGO_ENV not in ("development", "production"):
    raise ImproperlyConfigured(f"DJANGO_ENV must be development or production, not {DJANGO_ENV!r}")
PRODUCTION = DJANGO_ENV == "production"

DEBUG = env_bool("DEBUG", not PRODUCTION)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG or PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off or in production")
    SECRET_KEY = "insecure-local-only-key-set-SECRET_KEY-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
# pages on these origins (scheme://host[:port]) may open the table socket, besides the site's
# own origin (euchre_site.origins)
ALLOWED_ORIGINS = env_list("ALLOWED_ORIGINS", "")
# proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses or CIDR networks.
# euchre_site.proxies sets the client's address and scheme from them for every request and
# socket, and drops those headers from anyone else
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")

INSTALLED_APPS = [
    "daphne",  # its runserver serves HTTP and WebSocket alike
    "euchre_site.staff_admin.StaffAdminConfig",  # django.contrib.admin, logging in through allauth
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",  # a thousands separator in figures (intcomma)
    "django.contrib.sites",
    "channels",
    "django_celery_beat",
    "allauth",
    "allauth.account",
    # our apps, in the order they may depend on one another (lower never imports higher)
    "accounts",
    "economy",
    "games",
    "leagues",
    "rankings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # NUL or bytes that are not UTF-8 in the path, query, form or cookies: 400, before sessions
    "euchre_site.middleware.UnreadableInputMiddleware",
    # takes the request's database connection first: an exhausted pool answers 503, not 500
    "euchre_site.busy.DatabaseBusyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "economy.middleware.DailyVisitMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "euchre_site.urls"
WSGI_APPLICATION = "euchre_site.wsgi.application"
ASGI_APPLICATION = "euchre_site.asgi.application"

# One package per feature (docs/architecture.md): a feature package of an app (games/tables/,
# games/records/ ...) keeps its own templates/ and static/ beside its views. Django looks only at an
# app's top-level folders, so these are named here; template and static names stay "games/...".
FEATURE_APPS = ("accounts", "economy", "games", "rankings", "leagues")
FEATURE_TEMPLATE_DIRS = sorted(d for a in FEATURE_APPS for d in BASE_DIR.glob(f"{a}/*/templates"))
FEATURE_STATIC_DIRS = sorted(d for a in FEATURE_APPS for d in BASE_DIR.glob(f"{a}/*/static"))

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", *FEATURE_TEMPLATE_DIRS],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.notifications",
                "accounts.friends.context_processors.friend_requests",
                "games.moderation.context_processors.moderation_warnings",
                "games.presence.context_processors.friends_presence",
                "games.challenges.context_processors.challenges_waiting",
                "economy.context_processors.coins",
                "rankings.context_processors.month_countdown",
            ],
        },
    },
]

# ---- data stores ---------------------------------------------------------------------------

DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # CONN_MAX_AGE stays 0: under daphne every HTTP request runs on a thread of its own, so
    # kept connections piled up (44 idle in one daphne) and bursts hit max_connections. Each
    # process takes its connections from a pool instead (docs/operating.md: "Running several
    # processes").
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if DATABASES["default"]["ENGINE"].endswith("postgresql"):
        DATABASES["default"].setdefault("OPTIONS", {})
        # PgBouncer in transaction pooling: it pools, Django must not, nor hold cursors open
        DB_PGBOUNCER = env_bool("DB_PGBOUNCER", False)
        if DB_PGBOUNCER:
            DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
        else:
            DATABASES["default"]["OPTIONS"]["pool"] = db_pool_options(os.environ)
            # prepared statements for the cursors that ask for them (server-side binding: the
            # move path's statements, games/live/services/move_rows.py); Django's own cursors bind
            # on the client and never prepare. Off behind PgBouncer, which may switch servers
            DATABASES["default"]["OPTIONS"].setdefault("prepare_threshold", 0)
else:
    # Trying the site needs no database server; the tests never run on this (see tests/conftest.py).
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "euchre.sqlite3"),
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
# Keeps the keys of two sites (or a test run beside a running site) apart on one Redis.
REDIS_KEY_PREFIX = os.environ.get("REDIS_KEY_PREFIX", "euchre")

CACHES = {
    "default": {
        # Shared by every process: rate limits and locks must not be per-process.
        "BACKEND": "euchre_site.redis_clients.KeptClientRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": REDIS_KEY_PREFIX,
    }
}

# Redis's publish and subscribe: a group send is one PUBLISH, and each daphne holds one
# subscribed connection and hands each message to its own sockets. The list-based layer
# (channels_redis.core) cost four round trips a send and a blocking pop per message, a quarter
# of daphne's work under load (issue 21). A message is not kept for a socket that is not
# listening: the socket asks for the table's state when it (re)connects, and the sweeper tells
# a table again. Pub/sub channels ignore the database number: it is in the prefix. The site's
# subclass (euchre_site/pubsub_layer.py) sends without waiting on the subscriptions' lock.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "euchre_site.pubsub_layer.PubSubLayer",
        "CONFIG": {
            "hosts": [{"address": REDIS_URL, "socket_timeout": 30, "socket_connect_timeout": 5}],
            "prefix": f"{REDIS_KEY_PREFIX}:asgi:{urlsplit(REDIS_URL).path.strip('/') or '0'}:",
        },
    }
}

# ---- Celery ----------------------------------------------------------------------------------

CELERY_BROKER_URL = REDIS_URL
# kombu's Redis transport keeping one client per pool (euchre_site.redis_clients)
CELERY_BROKER_TRANSPORT = "euchre_site.redis_clients:KeptClientTransport"
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": f"{REDIS_KEY_PREFIX}:"}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"global_keyprefix": f"{REDIS_KEY_PREFIX}:"}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# A task that dies with its worker is delivered again: every task is safe to run twice.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup otherwise closes the database connection before and after every task
# (with the pool, a prefork child's whole pool): a new PostgreSQL connection (a forked backend)
# per computer move was a fifth of the worker's time. Each task's connection goes back to the
# pool, checked as web requests do (euchre_site.celery), and stays open there for the next.
CELERY_DB_REUSE_MAX = 1000
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"

# ---- live play --------------------------------------------------------------------------------

# seed 000: each turn has a time limit; every timeout halves the seat's limit, down to a floor
GAME_TURN_SECONDS = float(os.environ.get("GAME_TURN_SECONDS", "30"))
# a first lesson's turns: a newcomer reads the lesson's panel between their moves
GAME_LESSON_TURN_SECONDS = float(os.environ.get("GAME_LESSON_TURN_SECONDS", "300"))
GAME_TURN_FLOOR_SECONDS = float(os.environ.get("GAME_TURN_FLOOR_SECONDS", "4"))
# a short pause before a computer moves, so that people can follow the play
GAME_COMPUTER_PAUSE_SECONDS = float(os.environ.get("GAME_COMPUTER_PAUSE_SECONDS", "0.8"))
# between two hands the page shows the last trick and the hand's summary this long before the new
# deal; the server starts the new hand's first turn (and the computers' bids) after it too
GAME_HAND_PAUSE_SECONDS = float(os.environ.get("GAME_HAND_PAUSE_SECONDS", "7"))
# a move this late past its deadline (or a computer's pause) means its task was lost
GAME_SWEEP_GRACE_SECONDS = float(os.environ.get("GAME_SWEEP_GRACE_SECONDS", "5"))
GAME_SWEEP_EVERY_SECONDS = float(os.environ.get("GAME_SWEEP_EVERY_SECONDS", "5"))
# how often beat looks for people's deadlines that passed: a timeout comes at most this late
GAME_TIMER_EVERY_SECONDS = float(os.environ.get("GAME_TIMER_EVERY_SECONDS", "1"))
# open table sockets at once, over every daphne (games/live/services/socket_slots.py): enough for
# several tabs; 0: no limit (a load generator runs on one address)
GAME_SOCKETS_PER_PLAYER = int(os.environ.get("GAME_SOCKETS_PER_PLAYER", "8"))
GAME_SOCKETS_PER_ADDRESS = int(os.environ.get("GAME_SOCKETS_PER_ADDRESS", "64"))
# a player whose socket was closed for flooding may open no new one for this long (0: no pause)
GAME_FLOOD_COOLDOWN_SECONDS = float(os.environ.get("GAME_FLOOD_COOLDOWN_SECONDS", "30"))
# an open socket says so this often; one silent for three beats (its process died) is not counted
GAME_SOCKET_HEARTBEAT_SECONDS = float(os.environ.get("GAME_SOCKET_HEARTBEAT_SECONDS", "20"))
# a player whose last page closed is told "away" this much later (a click opens the next page)
PRESENCE_GRACE_SECONDS = float(os.environ.get("PRESENCE_GRACE_SECONDS", "10"))
# syncs within this long of a socket's last frame get that frame again, without a query
GAME_SYNC_COALESCE_SECONDS = float(os.environ.get("GAME_SYNC_COALESCE_SECONDS", "1"))
# game review (games.records.review.services.run): a run works this long, then queues the rest, so
# that live tables' computer turns on the same worker wait no longer than that; a review with
# no progress for the stale time is queued again (its worker died)
GAME_REVIEW_SLICE_SECONDS = float(os.environ.get("GAME_REVIEW_SLICE_SECONDS", "2"))
GAME_REVIEW_STALE_SECONDS = float(os.environ.get("GAME_REVIEW_STALE_SECONDS", "60"))
# the load table's runs: each process tallies its computers' decisions' CPU in Redis
# (games/live/services/decision_cpu.py)
GAME_DECISION_CPU_TALLY = env_bool("GAME_DECISION_CPU_TALLY", False)
CELERY_BEAT_SCHEDULE = beat_schedule(GAME_SWEEP_EVERY_SECONDS, GAME_TIMER_EVERY_SECONDS)
# seed 000's average points per game table: the games a player needs in a month to appear in it
# (rankings.tables.average_min_games says why)
RANKINGS_AVERAGE_MIN_GAMES = int(os.environ.get("RANKINGS_AVERAGE_MIN_GAMES", "10"))

# ---- accounts (django-allauth) -------------------------------------------------------------

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
SITE_ID = 1
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
LOGIN_URL = "account_login"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# adds the public display name to allauth's sign-up form
ACCOUNT_FORMS = {"signup": "accounts.signup_form.SignupForm"}
# following the link in the sign-up e-mail logs the newcomer in (in the browser that signed up)
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
# one address per player: a new one replaces the old once it is verified
ACCOUNT_CHANGE_EMAIL = True
# tells players by e-mail when their password or address changes
ACCOUNT_EMAIL_NOTIFICATIONS = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Euchre] "
# sign-up and password reset answer the same whether or not an address has an account
ACCOUNT_PREVENT_ENUMERATION = True
# allauth's default limits (logins, failed logins, sign-ups, password resets ...), kept on. They
# count in the default cache, which is Redis, so every web process shares one count.
ACCOUNT_RATE_LIMITS: dict[str, str] = {}
# ... per the client address Django has in REMOTE_ADDR, which TRUSTED_PROXIES alone decides:
# allauth must not read a forwarded header of its own
ALLAUTH_TRUSTED_PROXY_COUNT = 0
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = None
# the Django admin lives here instead of the well-known /admin/ (docs/operating.md: ADMIN_PATH)
ADMIN_PATH = os.environ.get("ADMIN_PATH", "staff/").strip("/") + "/"
if ADMIN_PATH == "/":
    raise ImproperlyConfigured("ADMIN_PATH must name a path, e.g. staff/")

# ---- e-mail ----------------------------------------------------------------------------------

DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Euchre <noreply@localhost>")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
elif os.environ.get("EMAIL_FILE_PATH"):
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = os.environ["EMAIL_FILE_PATH"]
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# ---- coins (seed 000) ----------------------------------------------------------------------------

# silver given: to a new player, on the first visit of each day, for a friend's first game
ECONOMY_WELCOME_SILVER = int(os.environ.get("ECONOMY_WELCOME_SILVER", "50"))
ECONOMY_DAILY_SILVER = int(os.environ.get("ECONOMY_DAILY_SILVER", "10"))
ECONOMY_INVITED_FRIEND_SILVER = int(os.environ.get("ECONOMY_INVITED_FRIEND_SILVER", "20"))
# prices, silver first and gold for the rest: every person seated pays ECONOMY_PRICE_GAME when
# a game starts (quick play or private: cheap, but charged); the creator of a private table
# pays ECONOMY_PRICE_PRIVATE_TABLE when opening it
ECONOMY_PRICE_GAME = int(os.environ.get("ECONOMY_PRICE_GAME", "1"))
ECONOMY_PRICE_PRIVATE_TABLE = int(os.environ.get("ECONOMY_PRICE_PRIVATE_TABLE", "5"))
ECONOMY_PRICE_LEAGUE = int(os.environ.get("ECONOMY_PRICE_LEAGUE", "50"))
# entering a month's Champions League (once per month): enough to mean it, less than a league
ECONOMY_PRICE_CHAMPIONS_LEAGUE = int(os.environ.get("ECONOMY_PRICE_CHAMPIONS_LEAGUE", "20"))
# gold packs on sale: id -> Stripe price, gold, and the price shown (in cents)
ECONOMY_GOLD_PACKS: dict[str, dict[str, Any]] = {
    "gold-100": {
        "price_id": os.environ.get("STRIPE_PRICE_GOLD_100", "price_gold_100"),
        "gold": 100,
        "amount_cents": 199,
        "currency": "usd",
    },
    "gold-600": {
        "price_id": os.environ.get("STRIPE_PRICE_GOLD_600", "price_gold_600"),
        "gold": 600,
        "amount_cents": 999,
        "currency": "usd",
    },
    "gold-1500": {
        "price_id": os.environ.get("STRIPE_PRICE_GOLD_1500", "price_gold_1500"),
        "gold": 1500,
        "amount_cents": 1999,
        "currency": "usd",
    },
}

# ---- Stripe (gold coins) -----------------------------------------------------------------------

STRIPE_SECRET_KEY = os.environ.get("STRIPE_SECRET_KEY", "sk_test_local")
STRIPE_PUBLISHABLE_KEY = os.environ.get("STRIPE_PUBLISHABLE_KEY", "pk_test_local")
STRIPE_WEBHOOK_SECRET = os.environ.get("STRIPE_WEBHOOK_SECRET", "whsec_local")
# Points the real `stripe` library at a local stand-in where Stripe cannot be reached.
STRIPE_API_BASE = os.environ.get("STRIPE_API_BASE", "")

# ---- static files, language, time ----------------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static", *FEATURE_STATIC_DIRS]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)

if PRODUCTION:
    # HTTPS only, behind a proxy that terminates TLS and sets X-Forwarded-Proto: list it in
    # TRUSTED_PROXIES, whose word alone sets the scheme (euchre_site.proxies; Django reads it
    # from the ASGI scope, so no SECURE_PROXY_SSL_HEADER). /health/ stays reachable over plain
    # HTTP for the load balancer's probes.
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
