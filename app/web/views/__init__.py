"""Ready values for the templates: dataclasses and the functions that build them."""
