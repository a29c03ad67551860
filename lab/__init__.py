"""The strength lab: the tools that measure how well the computer players play and judge,
kept out of the product (nothing in engine/ or web/ imports them).  lab/README.md says what
each measures and how to run it."""
