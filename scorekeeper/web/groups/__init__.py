"""A group: starting one, joining it by its invite, its page and its members (``routes``)
and their forms (``forms``)."""
