"""Staff views of gold purchases and the Stripe events received."""
