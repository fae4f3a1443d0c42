"""HTTP middleware: the visitor cookie, one address per deal, the language, the body-size
limit, HEAD as GET."""
