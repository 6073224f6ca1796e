"""The rules engine: the game of the documents' era, with every event citing the rules it applied."""
