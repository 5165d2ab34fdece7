"""The TypedDicts are what docs/openapi.json gives, and the package needs nothing beyond the standard library."""

from __future__ import annotations

import subprocess
import sys
import unittest

from .support import CLIENT

import cutplan  # isort: skip
import cutplan.schema  # isort: skip


class TheGeneratedShapes(unittest.TestCase):
    def test_are_current_with_the_document(self) -> None:
        check = subprocess.run(
            [sys.executable, str(CLIENT / "tools" / "generate_types.py"), "--check"],
            capture_output=True,
            text=True,
        )
        self.assertEqual(check.returncode, 0, check.stderr)

    def test_name_every_schema_and_keep_unknown_keys(self) -> None:
        for name in ("OptimiseRequest", "PdfRequest", "OptimiseResponse", "Plan", "Health", "Error", "Part"):
            self.assertIn(name, cutplan.schema.__all__)
        # TypedDicts are plain dicts: a field a later API version adds passes through.
        part = cutplan.Part(length=2400, quantity=4)
        part_with_more = dict(part, futureField=1)
        self.assertEqual(part_with_more["futureField"], 1)

    def test_import_only_the_standard_library(self) -> None:
        modules = subprocess.run(
            [sys.executable, "-S", "-c", "import sys; sys.path.insert(0, sys.argv[1]); import cutplan; "
             "print('\\n'.join(sorted(m.__file__ or '' for m in list(sys.modules.values()) if getattr(m, '__file__', None))))",
             str(CLIENT / "src")],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        foreign = [m for m in modules if "site-packages" in m or "dist-packages" in m]
        self.assertEqual(foreign, [])


if __name__ == "__main__":
    unittest.main()
