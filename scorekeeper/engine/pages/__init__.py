"""Page models: what the hand form and the sheet show, built by the engine for the one
set of templates that draws them on the server and in the phone (issue 46)."""
