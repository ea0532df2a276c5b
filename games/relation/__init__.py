"""Friends, where they meet the games app: a chat mute (games.live) ends a friendship and
refuses friend requests between the two players while it lasts. The relation itself is the
accounts app's (`accounts.friends`); accounts does not import games, so the rule that needs
both is composed here, and every page that sends a friend request calls this package."""
