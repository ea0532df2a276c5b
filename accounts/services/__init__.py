"""Services of accounts: typed functions that write, called by views, the allauth adapter,
the admin and other apps' services."""
