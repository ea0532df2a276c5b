# Environment shared by scripts/cluster.py and `python -m games.lab.loadgen` for the load
# figures: source it in both shells (the sessions the load generator makes are signed with
# SECRET_KEY, so both sides must agree). A database of its own; Redis keys under their own prefix.
export DJANGO_SETTINGS_MODULE=euchre_site.settings
export DATABASE_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/euchre_bench}
export REDIS_URL=${BENCH_REDIS_URL:-redis://127.0.0.1:6379/0}
export REDIS_KEY_PREFIX=euchre-bench
export DEBUG=false
export SECRET_KEY=bench-only-secret-key-never-used-for-a-real-site-0123456789abcdef
export SECURE_COOKIES=false
export ALLOWED_HOSTS=127.0.0.1,localhost
export LOG_LEVEL=WARNING
# every browser of the load generator comes from this one machine: no limit per address
export GAME_SOCKETS_PER_ADDRESS=0
