"""Developer commands behind `python3 run.py serve` and `python3 run.py test`."""
