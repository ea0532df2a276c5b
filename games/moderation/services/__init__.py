"""Services of moderation: staff decisions, what they tell players, and players' reports."""
