"""Coins come with the economy issue: wallets, a ledger and Stripe purchases."""
