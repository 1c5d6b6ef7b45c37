"""The rules: cards, decks, chips, pots and each game as a state machine. Never imports pygame."""
