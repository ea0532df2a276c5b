"""Partner-collusion review: statistics over finished games, and what the site keeps of them.

The statistics are plain Python (no Django): `stats` holds the probability tails, `leads` the
play signal read from hand histories, `signals` the three kinds of evidence for a pair of
accounts and the thresholds that flag them, and `words` the evidence in a staff member's words.
The site's side feeds them stored games and keeps their answers for staff, who decide: the
selector (`selectors`), the service (`services`), the flags (`models`) and the staff page
(`admin`). Nothing here punishes anyone.
"""
