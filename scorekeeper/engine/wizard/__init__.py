"""Wizard (docs/rules/wizard.md): three to six players bid exactly the tricks they will take,
round r dealing r cards. The app reaches it through the registry (``GAME``)."""
