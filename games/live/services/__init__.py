"""Services of live play: typed functions that write, called by views, consumers and tasks."""
