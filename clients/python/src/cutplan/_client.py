"""The clients: one HTTP exchange per attempt, decoding, the retry rule (docs/clients.md, conventions)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass
from email.message import Message
from email.utils import parsedate_to_datetime
from types import TracebackType
from typing import Any, Callable, Dict, List, Literal, Mapping, Optional, Tuple, Type, Union, cast
from urllib.parse import quote, urlencode

from ._errors import CutplanError
from .schema import (
    Health,
    Job,
    JobRequest,
    LabelsRequest,
    OptimiseRequest,
    OptimiseResponse,
    PdfRequest,
    SawListRequest,
    Usage,
)

__version__ = "0.1.0"

DEFAULT_BASE_URL = "http://localhost:3000"
DEFAULT_TIMEOUT = 330.0
"""Seconds for a whole call, retries included: longer than the top tier's 300 s solve budget."""
DEFAULT_MAX_RETRIES = 2
DEFAULT_MAX_RETRY_WAIT = 10.0
"""The longest ``Retry-After`` worth waiting for: a public 429 may say an hour, which is raised at once."""

DEFAULT_JOB_WAIT = 600.0
"""Seconds ``wait_for_job`` waits for a job to end by default."""

_RETRIED = (429, 503)
_ACTIVE = ("queued", "running")
_CHUNK = 64 * 1024


class PlanFile(bytes):
    """A file's bytes (the plan PDF, a label PDF, ZPL, the saw list's CSV), and what the answer's headers
    say of its solve.

    A file has no ``meta``, so the solve budget applied (``X-Time-Limit``, a JSON answer's
    ``meta.timeLimit``) and, when it is less than the request's ``timeLimit``, the value sent
    (``X-Requested-Time-Limit``) ride on the bytes, as do ``X-Request-Id`` and the file name the server
    gave. It is ``bytes`` in every other way: it compares, slices and writes as the plain file. Text files
    are bytes too: write them as they are, or read them with ``file.decode()``.
    """

    time_limit: Optional[float]
    """Seconds of solve budget applied; None when the server sent no ``X-Time-Limit``."""
    requested_time_limit: Optional[float]
    """The request's ``timeLimit`` when the budget applied is less (capped by the tier or the route)."""
    request_id: Optional[str]
    file_name: Optional[str]
    """The name in ``Content-Disposition``, e.g. ``labels-Hall-B.zpl``; None when none was sent."""

    def __new__(cls, data: bytes, headers: Optional[Message] = None) -> PlanFile:
        # ``headers`` is optional so that copy and pickle, which call ``cls(data)``, still work.
        file = super().__new__(cls, data)
        file.time_limit = _seconds(_header(headers, "X-Time-Limit"))
        file.requested_time_limit = _seconds(_header(headers, "X-Requested-Time-Limit"))
        file.request_id = _header(headers, "X-Request-Id")
        file.file_name = _file_name(_header(headers, "Content-Disposition"))
        return file


PlanPdf = PlanFile
"""The plan PDF's bytes with its solve budget (a :class:`PlanFile`)."""


def _file_name(disposition: Optional[str]) -> Optional[str]:
    """The file name of a ``Content-Disposition``: its UTF-8 ``filename*`` when sent, else ``filename``."""
    if disposition is None:
        return None
    fields = [part.strip().partition("=") for part in disposition.split(";")]
    for name, _, value in fields:
        if name.lower() == "filename*" and value.upper().startswith("UTF-8''"):
            try:
                return urllib.parse.unquote(value[7:], errors="strict")
            except UnicodeDecodeError:
                break  # a malformed escape: the plain name
    for name, _, value in fields:
        if name.lower() == "filename":
            return value.strip('"')
    return None


def _checked_base_url(raw: str) -> str:
    """The base URL, checked when the client is built: an absolute http(s) URL, without trailing slashes."""
    parsed = urllib.parse.urlsplit(raw)
    if parsed.scheme not in ("http", "https") or parsed.netloc == "":
        raise ValueError(
            f"base_url must be an absolute http:// or https:// URL such as http://localhost:3000, got {json.dumps(raw, ensure_ascii=False)}"
        )
    return raw.rstrip("/")


def _seconds_text(seconds: float) -> str:
    """Seconds as JavaScript writes them (330, 0.5), so both clients' messages read alike."""
    return str(int(seconds)) if float(seconds).is_integer() else repr(float(seconds))


def _timeout_detail(base_url: str, seconds: float) -> str:
    """The detail of a ``timeout`` error, worded as the TypeScript client words it."""
    return f"no answer from {base_url} within {_seconds_text(seconds)} s"


def _query_string(query: Mapping[str, Any]) -> str:
    """A GET query: text as it is, numbers and booleans as JSON writes them, lists and dicts as JSON text."""
    pairs: List[Tuple[str, str]] = []
    for name, value in query.items():
        if value is None:
            continue
        if isinstance(value, str):
            pairs.append((name, value))
        else:
            pairs.append((name, json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))))
    return urllib.parse.urlencode(pairs)


_FILE_TYPES = {"pdf": "application/pdf", "zpl": "application/zpl", "csv": "text/csv"}


def _header(headers: Optional[Message], name: str) -> Optional[str]:
    return None if headers is None else headers.get(name)


def _seconds(header: Optional[str]) -> Optional[float]:
    if header is None:
        return None
    try:
        value = float(header)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


@dataclass(frozen=True)
class _Answer:
    status: int
    headers: Message
    body: bytes


@dataclass(frozen=True)
class _Call:
    method: str
    path: str
    data: Optional[bytes]
    accept: str
    file: Optional[str]
    """The file the route answers with (``pdf``, ``zpl``, ``csv``); None for JSON."""
    content_type: str = "application/json"
    retry: bool = True
    """False for a call not safe to repeat after a 503 (a rack change may have landed)."""
    idempotency_key: Optional[str] = None
    """A POST's ``Idempotency-Key``, the same on every retry of the call."""
    seen: Optional[Dict[str, float]] = None
    """Filled with what the answer's headers said (``retry_after``: a job's ``Retry-After``, for polling)."""


def _id(value: str) -> str:
    return quote(value, safe="")


@dataclass(frozen=True)
class _Deadline:
    at: float
    """``time.monotonic()`` when the call must have ended."""
    seconds: float
    """The call's timeout, for the ``timeout`` error's detail."""


class _Core:
    """What the synchronous and the asyncio client share: one HTTP exchange, decoding, the retry rule."""

    def __init__(
        self,
        base_url: Optional[str],
        api_key: Optional[str],
        timeout: float,
        max_retries: int,
        max_retry_wait: float,
        headers: Optional[Mapping[str, str]],
    ) -> None:
        self.base_url = _checked_base_url(DEFAULT_BASE_URL if base_url is None else base_url)
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self.headers: Dict[str, str] = {"User-Agent": f"cutplan-python/{__version__}", **(headers or {})}
        if api_key is not None:
            self.headers["X-API-Key"] = api_key
        self.opener = urllib.request.build_opener()

    def call(
        self,
        method: str,
        path: str,
        payload: Any = None,
        *,
        file: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> _Call:
        data = None
        if payload is not None:
            data = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        accept = "application/json" if file is None else _FILE_TYPES[file]
        # Every POST carries a key, kept across its retries: a retried solve is charged once.
        key = (idempotency_key or str(uuid.uuid4())) if method == "POST" else None
        return _Call(method, path, data, accept, file, idempotency_key=key)

    def list_offcuts(
        self,
        material: Optional[str],
        untagged: bool,
        page_size: Optional[int],
        page_token: Optional[str],
    ) -> _Call:
        query: List[Tuple[str, str]] = []
        if material is not None:
            query.append(("material", material))
        if untagged:
            query.append(("untagged", "true"))
        if page_size is not None:
            query.append(("pageSize", str(page_size)))
        if page_token is not None:
            query.append(("pageToken", page_token))
        return self.call("GET", "/v1/offcuts" + (f"?{urlencode(query)}" if query else ""))

    def add_offcuts(self, request: Mapping[str, Any], idempotency_key: Optional[str]) -> _Call:
        # Retried under its key like every POST: the server answers a repeated add from the first.
        return self.call("POST", "/v1/offcuts", request, idempotency_key=idempotency_key)

    def import_offcuts_csv(self, csv: str, unit: Optional[str], idempotency_key: Optional[str]) -> _Call:
        path = "/v1/offcuts" + (f"?{urlencode({'unit': unit})}" if unit is not None else "")
        key = idempotency_key or str(uuid.uuid4())
        return _Call("POST", path, csv.encode(), "application/json", None, "text/csv", idempotency_key=key)

    def change_offcut(self, offcut_id: str, change: Mapping[str, Any]) -> _Call:
        call = self.call("PATCH", f"/v1/offcuts/{_id(offcut_id)}", change)
        return _Call(call.method, call.path, call.data, call.accept, None, retry=False)

    def list_jobs(self, limit: Optional[int], cursor: Optional[str]) -> _Call:
        query: List[Tuple[str, str]] = []
        if limit is not None:
            query.append(("limit", str(limit)))
        if cursor is not None:
            query.append(("cursor", cursor))
        return self.call("GET", "/v1/jobs" + (f"?{urlencode(query)}" if query else ""))

    def job_poll(self, job_id: str) -> _Call:
        return _Call("GET", f"/v1/jobs/{_id(job_id)}", None, "application/json", None, seen={})

    def poll_timeout(self, until: float) -> float:
        """A poll's timeout: what is left of the wait, at most the client's own."""
        return max(0.001, min(until - time.monotonic(), self.timeout))

    def wait_failure(
        self, failure: CutplanError, job_id: str, status: str, seconds: float, until: float
    ) -> CutplanError:
        """A poll's failure; once the wait is over, the wait's own ``timeout`` naming the job's last status."""
        if failure.error == "timeout" and time.monotonic() >= until - 0.001:
            return CutplanError("timeout", f"job {job_id} is still {status} after {_seconds_text(seconds)} s", 0)
        return failure

    def poll_wait(self, job: Mapping[str, Any], call: _Call, job_id: str, seconds: float, until: float) -> Optional[float]:
        """Seconds to wait before the next poll; None when the job ended; ``timeout`` past ``until``."""
        if job.get("status") not in _ACTIVE:
            return None
        wait = max(0.2, (call.seen or {}).get("retry_after", 1.0))
        if time.monotonic() + wait > until:
            raise CutplanError("timeout", f"job {job_id} is still {job.get('status')} after {_seconds_text(seconds)} s", 0)
        return wait

    def deadline(self, timeout: Optional[float]) -> _Deadline:
        seconds = self.timeout if timeout is None else timeout
        return _Deadline(time.monotonic() + seconds, seconds)

    def timed_out(self, deadline: _Deadline) -> CutplanError:
        return CutplanError("timeout", _timeout_detail(self.base_url, deadline.seconds), 0)

    def exchange(self, call: _Call, deadline: _Deadline) -> _Answer:
        """One request and its whole answer, or ``CutplanError`` ``timeout``/``network`` (status 0)."""
        remaining = deadline.at - time.monotonic()
        if remaining <= 0:
            raise self.timed_out(deadline)
        headers = {**self.headers, "Accept": call.accept}
        if call.data is not None:
            headers["Content-Type"] = call.content_type
        if call.idempotency_key is not None:
            headers["Idempotency-Key"] = call.idempotency_key
        request = urllib.request.Request(
            self.base_url + call.path, data=call.data, headers=headers, method=call.method
        )
        try:
            try:
                response = self.opener.open(request, timeout=remaining)
            except urllib.error.HTTPError as answer:  # 4xx and 5xx come back as HTTPError
                response = answer
            with response:
                # read1 returns what has arrived, so a streamed answer (spaces every few seconds before a
                # long solve's JSON) cannot hold the call past its deadline.
                read = getattr(response, "read1", response.read)
                chunks: list[bytes] = []
                while True:
                    if time.monotonic() > deadline.at:
                        raise socket.timeout()
                    chunk: bytes = read(_CHUNK)
                    if not chunk:
                        break
                    chunks.append(chunk)
                return _Answer(int(response.status or 0), response.headers, b"".join(chunks))
        except socket.timeout:
            raise self.timed_out(deadline) from None
        except urllib.error.URLError as failure:
            if isinstance(failure.reason, socket.timeout):
                raise self.timed_out(deadline) from None
            raise CutplanError("network", f"{self.base_url}: {failure.reason}", 0) from failure
        except OSError as failure:
            raise CutplanError("network", f"{self.base_url}: {failure}", 0) from failure

    def decode(self, call: _Call, answer: _Answer) -> Union[Any, CutplanError]:
        """The result of a 200, or the error the answer stands for (not raised: the caller may retry)."""
        request_id = answer.headers.get("X-Request-Id")
        if answer.status == 204:
            return None
        content_type = (answer.headers.get("Content-Type") or "").lower()
        body = answer.body
        if answer.status == 200 and call.file is not None:
            # A PDF may follow keep-alive white space; ZPL and CSV are sent whole, with their own media type.
            if call.file == "pdf" and body.lstrip()[:5] == b"%PDF-":
                return PlanFile(body.lstrip(), answer.headers)
            if call.file != "pdf" and call.file in content_type:
                return PlanFile(body, answer.headers)
        parsed: Any = None
        if "json" in content_type or body.lstrip()[:1] == b"{":
            try:
                # A streamed answer may begin with whitespace (it keeps the connection alive): JSON allows it.
                parsed = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                parsed = None
        if isinstance(parsed, dict):
            fields = cast(Dict[str, Any], parsed)
            # A failure decided after a stream began arrives as a 200 whose body is an error naming its status.
            in_band = answer.status == 200 and isinstance(fields.get("error"), str) and "plan" not in fields
            answered = answer.status in (200, 202)  # 202: an accepted job (POST /v1/jobs)
            if answered and not in_band and call.file is None:
                return fields
            if not answered or in_band:
                status = fields.get("status") if in_band else answer.status
                return CutplanError(
                    str(fields.get("error", "http")),
                    str(fields.get("detail", "")),
                    status if isinstance(status, int) and not isinstance(status, bool) else 500,
                    request_id=request_id,
                    retry_after_seconds=_retry_after(answer.headers, fields),
                    body=fields,
                )
        detail = body[:200].decode("utf-8", "replace").strip() or "(empty body)"
        if answer.status == 200:
            detail = f"an answer the client cannot read ({content_type or 'no Content-Type'}): {detail}"
        return CutplanError(
            "http",
            detail,
            answer.status,
            request_id=request_id,
            retry_after_seconds=_retry_after(answer.headers, {}),
        )

    def retry_wait(
        self, call: _Call, failure: CutplanError, attempt: int, deadline: _Deadline
    ) -> Optional[float]:
        """Seconds to wait before retrying, or None to raise now.

        A 429 or 503 that says when, soon; a connection that broke without an answer (a GET, or a POST
        under its idempotency key: the server answers a repeat with the first call's outcome) after 0.5,
        1, 2 … s; a 409 ``idempotencyInProgress`` (the first attempt still solving) after its
        ``Retry-After``, for as long as the call's timeout allows. A call not safe to repeat (``retry``
        false: a rack add or change, whose route keeps no idempotent outcome) is not sent again after a
        503 or a lost connection.
        """

        def fits(wait: float) -> bool:
            return wait <= self.max_retry_wait and time.monotonic() + wait < deadline.at

        if not call.retry and (failure.status == 503 or failure.error == "network"):
            return None
        if failure.error == "idempotencyInProgress":
            wait = failure.retry_after_seconds if failure.retry_after_seconds is not None else 1.0
            return max(wait, 0.0) if fits(wait) else None
        if attempt >= self.max_retries:
            return None
        if failure.error == "network":
            wait = 0.5 * 2**attempt
            return wait if fits(wait) else None
        wait = failure.retry_after_seconds
        if failure.status not in _RETRIED or wait is None or not fits(wait):
            return None
        return max(wait, 0.0)

    def attempt(self, call: _Call, deadline: _Deadline) -> Union[Any, CutplanError]:
        """One exchange, decoded: the result, or the error it stands for (a lost answer included)."""
        try:
            answer = self.exchange(call, deadline)
            if call.seen is not None:
                wait = _retry_after(answer.headers, {})
                if wait is not None:
                    call.seen["retry_after"] = wait
            result = self.decode(call, answer)
        except CutplanError as failure:
            result = failure
        if isinstance(result, CutplanError):
            result.idempotency_key = call.idempotency_key
        return result


def _retry_after(headers: Message, body: Mapping[str, Any]) -> Optional[float]:
    seconds = body.get("retryAfterSeconds")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool):
        return float(seconds)
    header = headers.get("Retry-After")
    if header is None:
        return None
    try:
        return float(header)
    except ValueError:
        pass
    try:
        return max(parsedate_to_datetime(header).timestamp() - time.time(), 0.0)
    except (TypeError, ValueError):
        return None


Separator = Literal["comma", "semicolon"]
"""The saw list's CSV style: ``comma`` (the default) or ``semicolon`` (decimal commas and a byte-order mark)."""


def _saw_list_path(separator: Optional[str]) -> str:
    return "/v1/optimise/csv" if separator is None else "/v1/optimise/csv?" + urllib.parse.urlencode({"separator": separator})


class Client:
    """A synchronous client of the cutplan API.

    ``base_url`` is where the API lives (default ``http://localhost:3000``, the local ``npm start``);
    ``api_key`` is sent as ``X-API-Key`` (without one, calls run on the free public tier). ``timeout`` is
    the seconds a whole call may take, retries included. A 429 or 503 is retried after its
    ``Retry-After`` when that is at most ``max_retry_wait`` seconds, at most ``max_retries`` times; every
    other failure raises :class:`CutplanError` at once. Use it as a context manager or call :meth:`close`.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_retry_wait: float = DEFAULT_MAX_RETRY_WAIT,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        self._core = _Core(base_url, api_key, timeout, max_retries, max_retry_wait, headers)

    @property
    def base_url(self) -> str:
        return self._core.base_url

    def optimise(
        self,
        request: OptimiseRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> OptimiseResponse:
        """Solves a cut list (``POST /v1/optimise``): the verified plan with its certificate."""
        call = self._core.call("POST", "/v1/optimise", request, idempotency_key=idempotency_key)
        return cast(OptimiseResponse, self._run(call, timeout))

    def optimise_query(self, query: Mapping[str, Any], *, timeout: Optional[float] = None) -> OptimiseResponse:
        """The same solve from a query (``GET /v1/optimise``): text as it is, numbers and booleans written
        out, ``stocks`` and ``angleCuts`` also as lists or dicts (sent as JSON text); None is left out."""
        call = self._core.call("GET", "/v1/optimise?" + _query_string(query))
        return cast(OptimiseResponse, self._run(call, timeout))

    def optimise_pdf(
        self,
        request: PdfRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanPdf:
        """The print-ready plan (``POST /v1/optimise/pdf``) as PDF bytes, with the solve budget applied
        (``time_limit``; a file's solve is capped at 240 s) and the one requested when it was capped."""
        call = self._core.call(
            "POST", "/v1/optimise/pdf", request, file="pdf", idempotency_key=idempotency_key
        )
        return cast(PlanPdf, self._run(call, timeout))

    def labels_pdf(
        self,
        request: LabelsRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanFile:
        """A label per cut piece as a PDF (``POST /v1/optimise/labels``; ``labelFormat`` picks the stock),
        with the solve budget, as a PDF's."""
        call = self._core.call(
            "POST", "/v1/optimise/labels", request, file="pdf", idempotency_key=idempotency_key
        )
        return cast(PlanFile, self._run(call, timeout))

    def labels_zpl(
        self,
        request: LabelsRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanFile:
        """The labels as ZPL for Zebra printers, 100 × 50 mm (``POST /v1/optimise/labels?format=zpl``):
        UTF-8 bytes."""
        call = self._core.call(
            "POST", "/v1/optimise/labels?format=zpl", request, file="zpl", idempotency_key=idempotency_key
        )
        return cast(PlanFile, self._run(call, timeout))

    def saw_list(
        self,
        request: SawListRequest,
        *,
        separator: Optional[Separator] = None,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanFile:
        """The saw list (``POST /v1/optimise/csv``): one CSV row per cut, UTF-8 bytes (with a byte-order
        mark for ``separator="semicolon"``, as Excel expects in most of Europe)."""
        call = self._core.call(
            "POST", _saw_list_path(separator), request, file="csv", idempotency_key=idempotency_key
        )
        return cast(PlanFile, self._run(call, timeout))

    def usage(self, *, timeout: Optional[float] = None) -> Usage:
        """``GET /v1/usage``: the caller's tier, every window of it and its month (never counted)."""
        return cast(Usage, self._run(self._core.call("GET", "/v1/usage"), timeout))

    def health(self, *, timeout: Optional[float] = None) -> Health:
        """``GET /v1/health``: the service's version and solver (never counted against limits)."""
        return cast(Health, self._run(self._core.call("GET", "/v1/health"), timeout))

    def list_offcuts(
        self,
        *,
        material: Optional[str] = None,
        untagged: bool = False,
        page_size: Optional[int] = None,
        page_token: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """A page of the workspace's offcut rack (``GET /v1/offcuts``; needs ``api_key``): ``{"unit",
        "offcuts", "nextPageToken"}``; pass ``nextPageToken`` back as ``page_token`` for the next page."""
        call = self._core.list_offcuts(material, untagged, page_size, page_token)
        return cast(Dict[str, Any], self._run(call, timeout))

    def add_offcuts(
        self,
        request: Mapping[str, Any],
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Puts offcuts on the rack (``POST /v1/offcuts``): ``{"offcuts": ..., "unit"?}`` in every form a
        request's offcuts takes, plus ``label`` and ``location``. Sent with an ``Idempotency-Key`` and
        retried under it like the solving POSTs: a retried add adds once."""
        return cast(Dict[str, Any], self._run(self._core.add_offcuts(request, idempotency_key), timeout))

    def import_offcuts_csv(
        self,
        csv: str,
        *,
        unit: Optional[str] = None,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Imports a CSV file (columns length, quantity, material, label, location) onto the rack; retried
        under its ``Idempotency-Key`` as ``add_offcuts`` is."""
        call = self._core.import_offcuts_csv(csv, unit, idempotency_key)
        return cast(Dict[str, Any], self._run(call, timeout))

    def change_offcut(
        self, offcut_id: str, change: Mapping[str, Any], *, timeout: Optional[float] = None
    ) -> Optional[Dict[str, Any]]:
        """Changes a rack entry (``PATCH /v1/offcuts/{id}``); None when quantity 0 removed it."""
        return cast(Optional[Dict[str, Any]], self._run(self._core.change_offcut(offcut_id, change), timeout))

    def delete_offcut(self, offcut_id: str, *, timeout: Optional[float] = None) -> None:
        """Removes a rack entry (``DELETE /v1/offcuts/{id}``)."""
        self._run(self._core.call("DELETE", f"/v1/offcuts/{_id(offcut_id)}"), timeout)

    def get_plan(self, plan_id: str, *, timeout: Optional[float] = None) -> OptimiseResponse:
        """A plan stored by a solve with ``offcuts: "rack"`` (``GET /v1/plans/{id}``), as it was answered."""
        return cast(OptimiseResponse, self._run(self._core.call("GET", f"/v1/plans/{_id(plan_id)}"), timeout))

    def plan_pdf(self, plan_id: str, *, timeout: Optional[float] = None) -> PlanPdf:
        """A stored plan's PDF (``GET /v1/plans/{id}/pdf``): the same bytes as when it was made."""
        call = self._core.call("GET", f"/v1/plans/{_id(plan_id)}/pdf", file="pdf")
        return cast(PlanPdf, self._run(call, timeout))

    def book_plan(
        self, plan_id: str, *, timeout: Optional[float] = None, idempotency_key: Optional[str] = None
    ) -> Dict[str, Any]:
        """Books a stored plan once it is cut (``POST /v1/plans/{id}/cut``): all or nothing, and a repeat
        answers the same record. ``CutplanError`` ``offcutsTaken`` (409) names the gone entries in
        ``body["taken"]``."""
        call = self._core.call("POST", f"/v1/plans/{_id(plan_id)}/cut", idempotency_key=idempotency_key)
        return cast(Dict[str, Any], self._run(call, timeout))

    def delete_plan(self, plan_id: str, *, timeout: Optional[float] = None) -> None:
        """Forgets a stored plan (``DELETE /v1/plans/{id}``)."""
        self._run(self._core.call("DELETE", f"/v1/plans/{_id(plan_id)}"), timeout)

    def create_job(
        self,
        request: JobRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> Job:
        """Submits an async job (``POST /v1/jobs``; needs ``api_key``): the job as accepted (``queued``), at
        once. Sent with an ``Idempotency-Key``, so a retried submission makes one job."""
        call = self._core.call("POST", "/v1/jobs", request, idempotency_key=idempotency_key)
        return cast(Job, self._run(call, timeout))

    def get_job(self, job_id: str, *, timeout: Optional[float] = None) -> Job:
        """An async job (``GET /v1/jobs/{id}``): status, progress while running, ``result`` once succeeded."""
        return cast(Job, self._run(self._core.call("GET", f"/v1/jobs/{_id(job_id)}"), timeout))

    def list_jobs(
        self, *, limit: Optional[int] = None, cursor: Optional[str] = None, timeout: Optional[float] = None
    ) -> Dict[str, Any]:
        """A page of the workspace's jobs (``GET /v1/jobs``), newest first: ``{"jobs", "nextCursor"}``; pass
        ``nextCursor`` back as ``cursor`` for the next page."""
        return cast(Dict[str, Any], self._run(self._core.list_jobs(limit, cursor), timeout))

    def cancel_job(self, job_id: str, *, timeout: Optional[float] = None) -> Optional[Job]:
        """Cancels an active job (``DELETE /v1/jobs/{id}``): the job as cancelled (its solve stops, it is
        refunded); or forgets an ended one: None."""
        return cast(Optional[Job], self._run(self._core.call("DELETE", f"/v1/jobs/{_id(job_id)}"), timeout))

    def wait_for_job(
        self,
        job_id: str,
        *,
        timeout: float = DEFAULT_JOB_WAIT,
        on_poll: Optional[Callable[[Job], None]] = None,
    ) -> Job:
        """Polls a job until it ends (``succeeded``, ``failed`` or ``cancelled``), waiting between polls as
        its ``Retry-After`` says, and returns the ended job (a failed job is returned, not raised: read its
        ``error``). Past ``timeout`` seconds it raises ``CutplanError`` ``timeout``; the job goes on."""
        until = time.monotonic() + timeout
        status = "queued"
        while True:
            call = self._core.job_poll(job_id)
            try:
                job = cast(Job, self._run(call, self._core.poll_timeout(until)))
            except CutplanError as failure:
                raise self._core.wait_failure(failure, job_id, status, timeout, until) from None
            status = str(job.get("status"))
            wait = self._core.poll_wait(job, call, job_id, timeout, until)
            if wait is None:
                return job
            if on_poll is not None:
                on_poll(job)
            time.sleep(wait)

    def close(self) -> None:
        """Nothing stays open between calls (one connection per call); kept for the context manager."""

    def __enter__(self) -> Client:
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    def _run(self, call: _Call, timeout: Optional[float]) -> Any:
        deadline = self._core.deadline(timeout)
        attempt = 0
        while True:
            result = self._core.attempt(call, deadline)
            if not isinstance(result, CutplanError):
                return result
            wait = self._core.retry_wait(call, result, attempt, deadline)
            if wait is None:
                raise result
            time.sleep(wait)
            attempt += 1


class AsyncClient:
    """The :class:`Client` for ``asyncio``: the same arguments, errors and retry rule.

    Each HTTP exchange runs in a worker thread (``asyncio.to_thread``); retry waits are ``asyncio.sleep``.
    Cancelling a call stops its waiting at once, but an exchange already sent finishes in its thread.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_retry_wait: float = DEFAULT_MAX_RETRY_WAIT,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        self._core = _Core(base_url, api_key, timeout, max_retries, max_retry_wait, headers)

    @property
    def base_url(self) -> str:
        return self._core.base_url

    async def optimise(
        self,
        request: OptimiseRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> OptimiseResponse:
        """Solves a cut list (``POST /v1/optimise``): the verified plan with its certificate."""
        call = self._core.call("POST", "/v1/optimise", request, idempotency_key=idempotency_key)
        return cast(OptimiseResponse, await self._run(call, timeout))

    async def optimise_query(self, query: Mapping[str, Any], *, timeout: Optional[float] = None) -> OptimiseResponse:
        """The same solve from a query (``GET /v1/optimise``), as :meth:`Client.optimise_query`."""
        call = self._core.call("GET", "/v1/optimise?" + _query_string(query))
        return cast(OptimiseResponse, await self._run(call, timeout))

    async def optimise_pdf(
        self,
        request: PdfRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanPdf:
        """The print-ready plan (``POST /v1/optimise/pdf``) as PDF bytes, with the solve budget applied
        (``time_limit``) and the one requested when it was capped."""
        call = self._core.call(
            "POST", "/v1/optimise/pdf", request, file="pdf", idempotency_key=idempotency_key
        )
        return cast(PlanPdf, await self._run(call, timeout))

    async def labels_pdf(
        self,
        request: LabelsRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanFile:
        """A label per cut piece as a PDF, as :meth:`Client.labels_pdf`."""
        call = self._core.call(
            "POST", "/v1/optimise/labels", request, file="pdf", idempotency_key=idempotency_key
        )
        return cast(PlanFile, await self._run(call, timeout))

    async def labels_zpl(
        self,
        request: LabelsRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanFile:
        """The labels as ZPL, as :meth:`Client.labels_zpl`."""
        call = self._core.call(
            "POST", "/v1/optimise/labels?format=zpl", request, file="zpl", idempotency_key=idempotency_key
        )
        return cast(PlanFile, await self._run(call, timeout))

    async def saw_list(
        self,
        request: SawListRequest,
        *,
        separator: Optional[Separator] = None,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> PlanFile:
        """The saw list as CSV bytes, as :meth:`Client.saw_list`."""
        call = self._core.call(
            "POST", _saw_list_path(separator), request, file="csv", idempotency_key=idempotency_key
        )
        return cast(PlanFile, await self._run(call, timeout))

    async def usage(self, *, timeout: Optional[float] = None) -> Usage:
        """``GET /v1/usage``: the caller's tier, every window of it and its month (never counted)."""
        return cast(Usage, await self._run(self._core.call("GET", "/v1/usage"), timeout))

    async def health(self, *, timeout: Optional[float] = None) -> Health:
        """``GET /v1/health``: the service's version and solver (never counted against limits)."""
        return cast(Health, await self._run(self._core.call("GET", "/v1/health"), timeout))

    async def list_offcuts(
        self,
        *,
        material: Optional[str] = None,
        untagged: bool = False,
        page_size: Optional[int] = None,
        page_token: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """A page of the workspace's offcut rack (``GET /v1/offcuts``; needs ``api_key``): ``{"unit",
        "offcuts", "nextPageToken"}``; pass ``nextPageToken`` back as ``page_token`` for the next page."""
        call = self._core.list_offcuts(material, untagged, page_size, page_token)
        return cast(Dict[str, Any], await self._run(call, timeout))

    async def add_offcuts(
        self,
        request: Mapping[str, Any],
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Puts offcuts on the rack (``POST /v1/offcuts``): ``{"offcuts": ..., "unit"?}`` in every form a
        request's offcuts takes, plus ``label`` and ``location``. Sent with an ``Idempotency-Key`` and
        retried under it like the solving POSTs: a retried add adds once."""
        return cast(Dict[str, Any], await self._run(self._core.add_offcuts(request, idempotency_key), timeout))

    async def import_offcuts_csv(
        self,
        csv: str,
        *,
        unit: Optional[str] = None,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> Dict[str, Any]:
        """Imports a CSV file (columns length, quantity, material, label, location) onto the rack; retried
        under its ``Idempotency-Key`` as ``add_offcuts`` is."""
        call = self._core.import_offcuts_csv(csv, unit, idempotency_key)
        return cast(Dict[str, Any], await self._run(call, timeout))

    async def change_offcut(
        self, offcut_id: str, change: Mapping[str, Any], *, timeout: Optional[float] = None
    ) -> Optional[Dict[str, Any]]:
        """Changes a rack entry (``PATCH /v1/offcuts/{id}``); None when quantity 0 removed it."""
        return cast(Optional[Dict[str, Any]], await self._run(self._core.change_offcut(offcut_id, change), timeout))

    async def delete_offcut(self, offcut_id: str, *, timeout: Optional[float] = None) -> None:
        """Removes a rack entry (``DELETE /v1/offcuts/{id}``)."""
        await self._run(self._core.call("DELETE", f"/v1/offcuts/{_id(offcut_id)}"), timeout)

    async def get_plan(self, plan_id: str, *, timeout: Optional[float] = None) -> OptimiseResponse:
        """A plan stored by a solve with ``offcuts: "rack"`` (``GET /v1/plans/{id}``), as it was answered."""
        return cast(OptimiseResponse, await self._run(self._core.call("GET", f"/v1/plans/{_id(plan_id)}"), timeout))

    async def plan_pdf(self, plan_id: str, *, timeout: Optional[float] = None) -> PlanPdf:
        """A stored plan's PDF (``GET /v1/plans/{id}/pdf``): the same bytes as when it was made."""
        call = self._core.call("GET", f"/v1/plans/{_id(plan_id)}/pdf", file="pdf")
        return cast(PlanPdf, await self._run(call, timeout))

    async def book_plan(
        self, plan_id: str, *, timeout: Optional[float] = None, idempotency_key: Optional[str] = None
    ) -> Dict[str, Any]:
        """Books a stored plan once it is cut (``POST /v1/plans/{id}/cut``): all or nothing, and a repeat
        answers the same record. ``CutplanError`` ``offcutsTaken`` (409) names the gone entries in
        ``body["taken"]``."""
        call = self._core.call("POST", f"/v1/plans/{_id(plan_id)}/cut", idempotency_key=idempotency_key)
        return cast(Dict[str, Any], await self._run(call, timeout))

    async def delete_plan(self, plan_id: str, *, timeout: Optional[float] = None) -> None:
        """Forgets a stored plan (``DELETE /v1/plans/{id}``)."""
        await self._run(self._core.call("DELETE", f"/v1/plans/{_id(plan_id)}"), timeout)

    async def create_job(
        self,
        request: JobRequest,
        *,
        timeout: Optional[float] = None,
        idempotency_key: Optional[str] = None,
    ) -> Job:
        """Submits an async job (``POST /v1/jobs``): see :meth:`Client.create_job`."""
        call = self._core.call("POST", "/v1/jobs", request, idempotency_key=idempotency_key)
        return cast(Job, await self._run(call, timeout))

    async def get_job(self, job_id: str, *, timeout: Optional[float] = None) -> Job:
        """An async job (``GET /v1/jobs/{id}``)."""
        return cast(Job, await self._run(self._core.call("GET", f"/v1/jobs/{_id(job_id)}"), timeout))

    async def list_jobs(
        self, *, limit: Optional[int] = None, cursor: Optional[str] = None, timeout: Optional[float] = None
    ) -> Dict[str, Any]:
        """A page of the workspace's jobs (``GET /v1/jobs``), newest first."""
        return cast(Dict[str, Any], await self._run(self._core.list_jobs(limit, cursor), timeout))

    async def cancel_job(self, job_id: str, *, timeout: Optional[float] = None) -> Optional[Job]:
        """Cancels an active job, or forgets an ended one (None): see :meth:`Client.cancel_job`."""
        return cast(Optional[Job], await self._run(self._core.call("DELETE", f"/v1/jobs/{_id(job_id)}"), timeout))

    async def wait_for_job(
        self,
        job_id: str,
        *,
        timeout: float = DEFAULT_JOB_WAIT,
        on_poll: Optional[Callable[[Job], None]] = None,
    ) -> Job:
        """Polls a job until it ends: see :meth:`Client.wait_for_job`."""
        until = time.monotonic() + timeout
        status = "queued"
        while True:
            call = self._core.job_poll(job_id)
            try:
                job = cast(Job, await self._run(call, self._core.poll_timeout(until)))
            except CutplanError as failure:
                raise self._core.wait_failure(failure, job_id, status, timeout, until) from None
            status = str(job.get("status"))
            wait = self._core.poll_wait(job, call, job_id, timeout, until)
            if wait is None:
                return job
            if on_poll is not None:
                on_poll(job)
            await asyncio.sleep(wait)

    async def aclose(self) -> None:
        """Nothing stays open between calls; kept for ``async with``."""

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        await self.aclose()

    async def _run(self, call: _Call, timeout: Optional[float]) -> Any:
        deadline = self._core.deadline(timeout)
        attempt = 0
        while True:
            result = await asyncio.to_thread(self._core.attempt, call, deadline)
            if not isinstance(result, CutplanError):
                return result
            wait = self._core.retry_wait(call, result, attempt, deadline)
            if wait is None:
                raise result
            await asyncio.sleep(wait)
            attempt += 1
