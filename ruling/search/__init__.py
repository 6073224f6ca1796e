"""Search over the corpus: analyzer chains, the whoosh index in the user's cache, queries and snippets."""
