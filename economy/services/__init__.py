"""Services of the economy: every coin moves through `ledger.ledger_post`, inside a transaction,
with the wallet row locked."""
