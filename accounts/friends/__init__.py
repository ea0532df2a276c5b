"""Friends: a player asks another to be friends, the other accepts or declines, and either may
end it. The relation and its rules live here; the rules that need the games app (a chat mute
ends a friendship and refuses requests) are composed in `games.relation`."""
