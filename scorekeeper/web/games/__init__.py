"""A game: starting one and its scoreboard (``routes``), recording its hands (``hands``),
its sheets (``sheets``), its links and QR code (``share``), its result card (``card``) and
the rules pages (``rules``); beside them what these pages share: the game service
(``service``, a stored game as its rules see it), the scoreboard's rows (``scoreboard``),
the chart (``chart``) and the forms (``forms``)."""
