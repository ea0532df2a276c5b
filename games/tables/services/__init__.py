"""Services of tables: typed functions that write, called by views, consumers and tasks."""
