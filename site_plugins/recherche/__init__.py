"""French search that ignores accents and case, in the index and in the query."""
