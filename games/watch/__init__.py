"""Watching a table from no seat: who may watch (`selectors`), the watch socket (`consumers`,
a table socket without a seat), the watcher's frame built once for every watcher (`frames`)
and the watch page (`views`). Imports live play and the shared game."""
