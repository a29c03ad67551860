"""How games are written down: records and links (record, compact_moves), text records
(record_text), the move tree of lines (move_tree) and games played by exchanging links
(by_link).  Built on the contract alone; no game's rules are imported by path."""
