"""Services of game reviews: the request, and the run on a worker."""
