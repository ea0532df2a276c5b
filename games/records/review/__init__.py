"""Game reviews: a player of a finished game asks for the strong computer player's verdict on
their own decisions (`services.requests`), a worker computes it (`services.run`), and the
record page shows it (`selectors`, `views`, `words`); staff see which ran (`admin`)."""
