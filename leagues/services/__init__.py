"""Services of the leagues: typed functions that write, called by views and tasks."""
