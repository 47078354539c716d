"""Files in and out: our own export and import format (``formats``: JSON and CSV), and
``peers/``, which converts other scorekeepers' files into it."""

from .formats import (
    FORMAT,
    FORMAT_VERSION,
    ImportProblem,
    csv_header,
    export_chunks,
    export_csv,
    export_json,
    export_span,
    group_export_chunks,
    group_games,
    import_file,
    read_file,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "ImportProblem",
    "csv_header",
    "export_chunks",
    "export_csv",
    "export_json",
    "export_span",
    "group_export_chunks",
    "group_games",
    "import_file",
    "read_file",
]
