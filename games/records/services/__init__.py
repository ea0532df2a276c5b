"""Services of the records: a player shares a finished game's record, or takes it back."""
