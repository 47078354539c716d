"""Schafkopf (docs/rules/schafkopf.md): four players, a Sauspiel's two against two or a
solo's one against three, scored in cents; the app reaches it through the registry."""
