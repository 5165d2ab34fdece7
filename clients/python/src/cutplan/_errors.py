from __future__ import annotations

from typing import Any, Optional


class CutplanError(Exception):
    """An answer of the API that is not a plan, or a call that got no answer.

    ``error`` is the API's short code (``validation``, ``badKey``, ``partsLimit``, ``payloadTooLarge``,
    ``noPlanFound``, ``rateLimited``, ``busy``, ``internal``, …), or ``timeout`` and ``network`` when no
    answer came (then ``status`` is 0). ``detail`` is the API's sentence, naming the offending part,
    stock, offcut, material or header. ``request_id`` is the ``X-Request-Id`` to quote when reporting a
    problem; ``retry_after_seconds`` is set on 429 and 503 answers.
    """

    error: str
    detail: str
    status: int
    request_id: Optional[str]
    retry_after_seconds: Optional[float]
    body: Any
    """The decoded error body as the API sent it (fields a later version adds are kept here)."""
    idempotency_key: Optional[str]
    """The ``Idempotency-Key`` the call was sent with (POSTs): pass it as ``idempotency_key=`` to retry
    a call that timed out or lost its connection without being charged twice (within 24 hours)."""

    def __init__(
        self,
        error: str,
        detail: str,
        status: int,
        *,
        request_id: Optional[str] = None,
        retry_after_seconds: Optional[float] = None,
        body: Any = None,
    ) -> None:
        super().__init__(f"{status} {error}: {detail}" if status else f"{error}: {detail}")
        self.error = error
        self.detail = detail
        self.status = status
        self.request_id = request_id
        self.retry_after_seconds = retry_after_seconds
        self.body = body
        self.idempotency_key = None

    def __repr__(self) -> str:
        return (
            f"CutplanError(error={self.error!r}, detail={self.detail!r}, status={self.status!r}, "
            f"request_id={self.request_id!r}, retry_after_seconds={self.retry_after_seconds!r})"
        )
