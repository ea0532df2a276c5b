"""Measuring tools that players never run: the arena and the match against OpenSpiel's bot
(`arena*`), the simulator (`simulation*`), the load generator and the watchers' storm (`load*`)
and the benchmarks of a move (`bench_move`, `search_cpu`). Each is run as `python -m
games.lab.<module>`; they may import anything in games, and nothing in the site imports them."""
