"""Challenges (issue 54): a player asks another, by name, to a private table of rules they
chose; the other accepts (the table is made, both seated, the game started and paid for, in one
transaction) or declines; an unanswered challenge expires."""
