"""Rankings, ranks and achievements come with the rankings issue."""
