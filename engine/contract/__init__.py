"""The contract every game and every other part of the engine keeps: the `Game` base and its
hooks (core), moves, errors, options, results and endings, squares, groups, views, replay,
the words shown to users, the plug-in registry (plugins) and what a game's test fixtures hold
(fixtures).  It imports nothing else of the engine."""
