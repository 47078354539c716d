"""Phase 10 (docs/rules/phase-10.md): two to six players work through ten phases; the
app reaches it through the registry (``GAME``)."""
