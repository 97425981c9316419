"""`llmcost refresh`: opt-in, never at answer time. Pulls current node offers from gpuhunt (dstack's
multi-cloud GPU price catalog) into a dated local snapshot that answers use from then on; API list prices
are refreshed through genai-prices' own mechanism (bot/refresh/apis.py, the API side)."""
