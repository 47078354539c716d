"""Schafkopf (docs/rules/schafkopf.md): four players for money, reached through the registry."""
