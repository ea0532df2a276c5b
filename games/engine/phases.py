"""The phases of a hand, in the order they can come."""

BLIND_PHASE = "blind"  # Robson: a jack turned up, the dealer may go alone without looking
NAME_BLIND_PHASE = "name_blind"  # an upturned Benny: the dealer names trump before looking
DEALER_NAMES_PHASE = "dealer_names"  # an upturned Benny: the dealer must name trump and play
BID1 = "bid1"  # order the up card or pass
BID2 = "bid2"  # name a suit or pass
DISCARD_PHASE = "discard"  # whoever took the up card lays a card away
CALL_ACE_PHASE = "call_ace"  # call-ace: the maker calls an ace, or goes alone
ALONE_PHASE = "alone"  # the maker decides to play alone
DEFEND_PHASE = "defend"  # defend_alone: each defender decides
PLAY_PHASE = "play"
ROBSON_PHASE = "robson"  # Robson: a sweeping team adds its points or takes them off the others
DONE = "done"
