"""Writes ``src/cutplan/schema.py``: TypedDicts for every schema of ``docs/openapi.json``.

Run from anywhere with ``python3 clients/python/tools/generate_types.py`` (``npm run clients:generate``
runs it with the TypeScript generator); ``--check`` exits 1 when the committed file differs from what the
document gives, which the client tests run. Standard library only.

The shapes are TypedDicts: plain dicts with the API's own keys, so fields a later version of the API adds
pass through untouched. They target Python 3.9 (no ``X | Y``, no ``NotRequired``): a schema's required
keys sit in a ``total=True`` base class and its optional ones in a ``total=False`` subclass.
"""

from __future__ import annotations

import argparse
import json
import keyword
import sys
from pathlib import Path
from typing import Any, Dict, List, cast

ROOT = Path(__file__).resolve().parents[3]
DOCUMENT = ROOT / "docs" / "openapi.json"
TARGET = ROOT / "clients" / "python" / "src" / "cutplan" / "schema.py"

Schema = Dict[str, Any]


class Generator:
    def __init__(self, schemas: Dict[str, Schema]) -> None:
        self.schemas = schemas
        self.blocks: List[str] = []
        self.names: List[str] = []

    def run(self) -> str:
        for name, schema in self.schemas.items():
            self.define(name, schema)
        header = [
            '"""Request and response shapes of the cutplan API, generated from docs/openapi.json.',
            "",
            "Do not edit: run ``python3 clients/python/tools/generate_types.py`` (or ``npm run clients:generate``).",
            '"""',
            "",
            "# ruff: noqa",
            "# pyright: reportUnusedImport=false",
            "from __future__ import annotations",
            "",
            "from typing import Any, Dict, List, Literal, Sequence, TypedDict, Union",
            "",
            "__all__ = [",
            *[f'    "{name}",' for name in sorted(self.names)],
            "]",
        ]
        return "\n".join(header) + "\n\n\n" + "\n\n\n".join(self.blocks) + "\n"

    def define(self, name: str, schema: Schema) -> None:
        """A named shape: a TypedDict for an object, else a type alias."""
        name = identifier(name)
        self.names.append(name)
        if is_object(schema) and "properties" in schema:
            self.blocks.append(self.typed_dict(name, schema))
        else:
            doc = schema.get("description")
            alias = f"{name} = {self.expr(schema, name, quoted=True)}"
            self.blocks.append(alias + (f"\n{docstring(doc, '')}" if doc else ""))

    def typed_dict(self, name: str, schema: Schema) -> str:
        props: Dict[str, Schema] = schema["properties"]
        required = [key for key in props if key in schema.get("required", [])]
        optional = [key for key in props if key not in required]
        doc = schema.get("description")
        if not all(key.isidentifier() and not keyword.iskeyword(key) for key in props):
            # A key Python cannot spell as a class attribute: the functional form, every key optional.
            fields = ", ".join(f"{json.dumps(k)}: {self.expr(v, name + title(k), quoted=True)}" for k, v in props.items())
            return f"{name} = TypedDict({json.dumps(name)}, {{{fields}}}, total=False)"

        def body(keys: List[str]) -> List[str]:
            lines: List[str] = []
            for key in keys:
                lines.append(f"    {key}: {self.expr(props[key], name + title(key), quoted=False)}")
                described = props[key].get("description") or first_description(props[key])
                if described:
                    lines.append(docstring(described, "    "))
            return lines

        out: List[str] = []
        if required and optional:
            base = f"_{name}Required"
            out.append(f"class {base}(TypedDict):")
            out.extend(body(required))
            out.append("\n")
            out.append(f"class {name}({base}, total=False):")
            if doc:
                out.append(docstring(doc, "    "))
            out.extend(body(optional))
        else:
            total = "" if required or not props else ", total=False"
            out.append(f"class {name}(TypedDict{total}):")
            if doc:
                out.append(docstring(doc, "    "))
            out.extend(body(required or optional))
            if not props and not doc:
                out.append("    pass")
        return "\n".join(out)

    def expr(self, schema: Schema, hint: str, quoted: bool) -> str:
        """The Python type of `schema`; names of other shapes are quoted where the expression runs."""
        if "$ref" in schema:
            ref = identifier(schema["$ref"].rsplit("/", 1)[-1])
            return json.dumps(ref) if quoted else ref
        if "const" in schema:
            return f"Literal[{py_literal(schema['const'])}]"
        if "enum" in schema:
            return f"Literal[{', '.join(py_literal(v) for v in schema['enum'])}]"
        for combinator in ("oneOf", "anyOf"):
            if combinator in schema:
                return union([self.expr(s, hint, quoted) for s in schema[combinator]])
        parts: List[Schema] = schema.get("allOf", [])
        if len(parts) == 1:
            return self.expr(parts[0], hint, quoted)
        if parts:
            return "Any"  # an intersection: a TypedDict cannot say it
        kind: Any = schema.get("type")
        if isinstance(kind, list):
            kinds = cast(List[str], kind)
            return union([self.expr({**schema, "type": k}, hint, quoted) for k in kinds])
        if kind == "string":
            return "str"
        if kind == "integer":
            return "int"
        if kind == "number":
            return "float"
        if kind == "boolean":
            return "bool"
        if kind == "null":
            return "None"
        if kind == "array":
            if "prefixItems" in schema:
                # A tuple form ([length, quantity, label]): JSON gives lists, callers write lists.
                items = [self.expr(s, hint, quoted) for s in schema["prefixItems"]]
                return f"Sequence[{union(items)}]"
            return f"List[{self.expr(schema.get('items', {}), hint, quoted)}]"
        if is_object(schema):
            if "properties" in schema:
                self.define(hint, schema)
                return json.dumps(hint) if quoted else hint
            extra: Any = schema.get("additionalProperties")
            value = self.expr(cast(Schema, extra), hint + "Value", quoted) if isinstance(extra, dict) else "Any"
            return f"Dict[str, {value}]"
        return "Any"


def identifier(name: str) -> str:
    """A schema's name as a Python name (``Label.Sheet`` → ``Label_Sheet``)."""
    clean = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    return f"_{clean}" if not clean or clean[0].isdigit() or keyword.iskeyword(clean) else clean


def is_object(schema: Schema) -> bool:
    return schema.get("type") == "object" or ("properties" in schema and "type" not in schema)


def union(types: List[str]) -> str:
    """``Union[...]`` of the members, nested unions flattened and repeats dropped."""
    unique: List[str] = []
    for t in types:
        for member in split_union(t):
            if member not in unique:
                unique.append(member)
    return unique[0] if len(unique) == 1 else f"Union[{', '.join(unique)}]"


def split_union(t: str) -> List[str]:
    if not (t.startswith("Union[") and t.endswith("]")):
        return [t]
    inner, depth, start = t[6:-1], 0, 0
    parts: List[str] = []
    for i, char in enumerate(inner):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(inner[start:i].strip())
            start = i + 1
    parts.append(inner[start:].strip())
    return parts


def py_literal(value: Any) -> str:
    return json.dumps(value) if isinstance(value, str) else repr(value)


def title(key: str) -> str:
    return key[:1].upper() + key[1:]


def first_description(schema: Schema) -> str | None:
    for combinator in ("oneOf", "anyOf"):
        subs: List[Schema] = schema.get(combinator, [])
        for sub in subs:
            if sub.get("description"):
                return str(sub["description"])
    return None


def docstring(text: str, indent: str) -> str:
    clean = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    lines = clean.splitlines() or [""]
    if len(lines) == 1:
        return f'{indent}"""{lines[0]}"""'
    return f'{indent}"""' + f"\n{indent}".join(lines) + f'\n{indent}"""'


def generate(document: Path = DOCUMENT) -> str:
    doc = json.loads(document.read_text(encoding="utf-8"))
    return Generator(doc["components"]["schemas"]).run()


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed file is stale")
    args = parser.parse_args(argv)
    text = generate()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run `npm run clients:generate`", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
