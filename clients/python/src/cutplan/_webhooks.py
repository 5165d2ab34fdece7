"""Checking a webhook from cutplan (Standard Webhooks, https://www.standardwebhooks.com).

The ``webhook-signature`` header holds one or more ``v1,<base64 HMAC-SHA256>`` over
``<webhook-id>.<webhook-timestamp>.<body>``, keyed with the base64 part of the ``whsec_`` secret; during a
secret rotation there are two, one per valid secret. Standard library only (``hmac``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, Mapping, Optional, Union, cast

from .schema import WebhookEvent

DEFAULT_WEBHOOK_TOLERANCE = 300
"""How far a delivery's timestamp may be from now, either way, in seconds."""

_TIMESTAMP = re.compile(r"^\d{1,15}$")
_BASE64 = re.compile(r"^[A-Za-z0-9+/]+={0,2}$")


class WebhookVerificationError(Exception):
    """A delivery that did not verify; the message says why (never the secret)."""


def _header(headers: Any, name: str) -> Optional[str]:
    items: Any = headers.items() if hasattr(headers, "items") else headers
    for key, value in items:
        if str(key).lower() == name:
            first: Any = value
            if isinstance(first, (list, tuple)):
                first = cast(Any, first[0] if first else None)
            return None if first is None else str(first)
    return None


def _base64(text: str) -> Optional[bytes]:
    if not _BASE64.match(text):
        return None
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None


def verify_webhook(
    secret: str,
    headers: Union[Mapping[str, Any], Any],
    body: Union[str, bytes],
    *,
    tolerance: float = DEFAULT_WEBHOOK_TOLERANCE,
    now: Optional[float] = None,
) -> WebhookEvent:
    """Verifies a delivery and returns its event (the decoded JSON body).

    ``headers``: any mapping or ``items()`` source, names in any case (a dict, ``http.server``'s
    ``self.headers``, a framework's headers). ``body``: the raw body as received, before any JSON
    decoding. Raises :class:`WebhookVerificationError` when a header is missing, the timestamp is more than
    ``tolerance`` seconds from ``now`` (a replayed message), or no ``v1`` signature matches.

        event = cutplan.verify_webhook(secret, self.headers, raw_body)
        if event["type"] == "job.succeeded":
            job = client.get_job(event["data"]["id"])
    """
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if msg_id is None or timestamp is None or signatures is None:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header")
    if not _TIMESTAMP.match(timestamp):
        raise WebhookVerificationError("webhook-timestamp is not a number")
    current = time.time() if now is None else now
    if abs(current - int(timestamp)) > tolerance:
        raise WebhookVerificationError(f"webhook-timestamp is more than {tolerance:g} s from now")
    key = _base64(secret[len("whsec_") :] if secret.startswith("whsec_") else secret)
    if not key:
        raise WebhookVerificationError("the secret is not a whsec_ secret (whsec_ + base64)")
    raw = body.encode("utf-8") if isinstance(body, str) else body
    expected = hmac.new(key, f"{msg_id}.{timestamp}.".encode("utf-8") + raw, hashlib.sha256).digest()
    for part in signatures.split(" "):
        version, _, value = part.partition(",")
        given = _base64(value) if version == "v1" else None
        if given is not None and hmac.compare_digest(given, expected):
            try:
                return cast(WebhookEvent, json.loads(raw.decode("utf-8")))
            except ValueError as error:
                raise WebhookVerificationError("the body is signed but is not JSON") from error
    raise WebhookVerificationError("no signature matches the secret")
