"""Partner-collusion review: pure statistics over finished games (no Django here).

`stats` holds the probability tails, `leads` the play signal read from hand histories, and
`signals` the three kinds of evidence for a pair of accounts and the thresholds that flag them.
The site's selector and service (`games.selectors_collusion`, `games.services.collusion`) feed
them stored games and keep their answers for staff, who decide: nothing here punishes anyone.
"""
