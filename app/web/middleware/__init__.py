"""HTTP middleware of the pages: the visitor cookie, one address per deal, the language."""
