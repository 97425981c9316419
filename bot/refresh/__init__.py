"""`llmcost refresh`: opt-in, never at answer time, pulls current prices into dated local snapshots."""
