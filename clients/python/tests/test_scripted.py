"""The Python client against scripted answers: the ones the real service gives only under load or deep in
a solve (503 ``busy``, 422 ``noPlanFound``, a failure decided after a stream began)."""

from __future__ import annotations

import asyncio
import copy
import json
import time
import unittest
import urllib.parse
from typing import Any, Callable, Dict, List, Optional

from .support import DROPPED, Answer, ScriptedServer, json_answer

import cutplan  # isort: skip

SMALL: cutplan.OptimiseRequest = {"parts": "500x4,300x2", "stock": 1000}
SMALL_PDF: cutplan.PdfRequest = {"parts": "500x4,300x2", "stock": 1000, "jobName": "scripted"}
SMALL_FILE: cutplan.SawListRequest = {"parts": "500x4,300x2", "stock": 1000}
PLAN = {"plan": {"verified": True}, "stats": {}, "costLowerBound": None, "meta": {}}


def failure_of(call: Callable[[], Any]) -> cutplan.CutplanError:
    try:
        call()
    except cutplan.CutplanError as error:
        return error
    raise AssertionError("the call succeeded")


class AgainstScriptedAnswers(unittest.TestCase):
    scripted: ScriptedServer

    @classmethod
    def setUpClass(cls) -> None:
        cls.scripted = ScriptedServer()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.scripted.close()

    def setUp(self) -> None:
        self.client = cutplan.Client(base_url=self.scripted.url + "/", api_key="k1")

    def test_wait_for_job_polls_as_retry_after_says_until_the_job_ends_and_gives_up_at_its_timeout(self) -> None:
        def active(status: str) -> Answer:
            return json_answer(200, {"id": "job_1", "status": status, "result": None}, {"Retry-After": "0.05"})

        self.scripted.play(json_answer(202, {"id": "job_1", "status": "queued", "result": None}))
        job_request: cutplan.JobRequest = {"parts": "500x4,300x2", "stock": 1000, "webhook": "https://example.com/h"}
        self.assertEqual(self.client.create_job(job_request)["status"], "queued")
        self.assertRegex(self.scripted.requests[0].headers.get("idempotency-key") or "", r"^[0-9a-f-]{36}$")
        ended = {"id": "job_1", "status": "failed", "result": None, "error": {"error": "noPlanFound", "detail": "none"}}
        self.scripted.play(active("queued"), active("running"), json_answer(200, ended))
        polled: list[str] = []
        job = self.client.wait_for_job("job_1", on_poll=lambda j: polled.append(j["status"]))
        self.assertEqual(job["status"], "failed")
        self.assertEqual(polled, ["queued", "running"])
        self.assertEqual([(r.method, r.path) for r in self.scripted.requests], [("GET", "/v1/jobs/job_1")] * 3)
        self.scripted.play(active("running"))
        error = failure_of(lambda: self.client.wait_for_job("job_1", timeout=0.3))
        self.assertEqual((error.error, error.status), ("timeout", 0))
        self.assertIn("still running", error.detail)

    def test_async_wait_for_job_polls_until_the_job_ends(self) -> None:
        self.scripted.play(
            json_answer(200, {"id": "job_1", "status": "running", "result": None}, {"Retry-After": "0.05"}),
            json_answer(200, {"id": "job_1", "status": "succeeded", "result": PLAN}),
        )

        async def wait() -> Any:
            async with cutplan.AsyncClient(base_url=self.scripted.url, api_key="k1") as client:
                return await client.wait_for_job("job_1")

        self.assertEqual(asyncio.run(wait())["result"], PLAN)
        self.assertEqual(len(self.scripted.requests), 2)

    def test_sends_json_with_the_key_and_reads_the_plan(self) -> None:
        self.scripted.play(json_answer(200, PLAN))
        self.assertEqual(self.client.optimise(SMALL), PLAN)
        [request] = self.scripted.requests
        self.assertEqual((request.method, request.path), ("POST", "/v1/optimise"))
        self.assertEqual(request.headers["x-api-key"], "k1")
        self.assertEqual(request.headers["content-type"], "application/json")
        self.assertEqual(json.loads(request.body), SMALL)

    def test_sends_an_idempotency_key_on_every_post_the_same_on_retries_none_on_get(self) -> None:
        self.scripted.play(
            json_answer(503, {"error": "busy", "detail": "busy", "retryAfterSeconds": 0.05}),
            json_answer(200, PLAN),
        )
        self.client.optimise(SMALL)
        first, second = (r.headers.get("idempotency-key") for r in self.scripted.requests)
        self.assertRegex(first or "", r"^[0-9a-f-]{36}$")
        self.assertEqual(second, first)
        self.scripted.play(json_answer(200, PLAN))
        self.client.optimise(SMALL)
        self.assertNotEqual(self.scripted.requests[0].headers.get("idempotency-key"), first)
        self.client.optimise(SMALL, idempotency_key="my-order-42")
        self.assertEqual(self.scripted.requests[1].headers.get("idempotency-key"), "my-order-42")
        self.scripted.play(json_answer(200, {"status": "ok"}))
        self.client.health()
        self.assertIsNone(self.scripted.requests[0].headers.get("idempotency-key"))

    def test_retries_a_dropped_connection_under_its_key_and_waits_out_a_409_in_progress(self) -> None:
        in_progress = json_answer(409, {"error": "idempotencyInProgress", "detail": "running", "retryAfterSeconds": 0.05})
        self.scripted.play(DROPPED, in_progress, in_progress, in_progress, json_answer(200, PLAN))
        self.assertEqual(self.client.optimise(SMALL), PLAN)
        self.assertEqual(len(self.scripted.requests), 5)
        self.assertEqual(len({r.headers.get("idempotency-key") for r in self.scripted.requests}), 1)

    def test_retries_rack_adds_and_bookings_under_their_key(self) -> None:
        added: Dict[str, Any] = {"unit": "mm", "offcuts": []}

        def keys() -> List[Optional[str]]:
            return [r.headers.get("idempotency-key") for r in self.scripted.requests]

        self.scripted.play(DROPPED, json_answer(200, added))
        self.assertEqual(self.client.add_offcuts({"offcuts": "1200x2"}), added)
        first = keys()
        self.assertRegex(first[0] or "", r"^[0-9a-f-]{36}$")
        self.assertEqual(first, [first[0], first[0]])
        self.scripted.play(DROPPED, json_answer(200, added))
        self.assertEqual(self.client.import_offcuts_csv("1200,2\n", idempotency_key="csv-1"), added)
        self.assertEqual(keys(), ["csv-1", "csv-1"])
        self.scripted.play(DROPPED, json_answer(200, {"planId": "p"}))
        self.assertEqual(self.client.book_plan("pl_x", idempotency_key="cut-1"), {"planId": "p"})
        self.assertEqual(keys(), ["cut-1", "cut-1"])

    def test_a_connection_that_keeps_dropping_is_a_network_error_with_its_key(self) -> None:
        self.scripted.play(DROPPED)
        error = failure_of(lambda: self.client.optimise(SMALL))
        self.assertEqual((error.error, error.status), ("network", 0))
        self.assertEqual(len(self.scripted.requests), 3)
        self.assertEqual(error.idempotency_key, self.scripted.requests[0].headers.get("idempotency-key"))

    def test_a_timed_out_call_reports_its_key_to_retry_with(self) -> None:
        self.scripted.play(Answer(200, json.dumps(PLAN), {"Content-Type": "application/json"}, delay=1.0))
        error = failure_of(lambda: self.client.optimise(SMALL, timeout=0.2))
        self.assertEqual(error.error, "timeout")
        self.assertRegex(error.idempotency_key or "", r"^[0-9a-f-]{36}$")

    def test_retries_a_503_and_a_429_after_their_retry_after(self) -> None:
        self.scripted.play(
            json_answer(503, {"error": "busy", "detail": "all solvers busy"}, {"Retry-After": "1"}),
            json_answer(429, {"error": "rateLimited", "detail": "slow", "retryAfterSeconds": 0.2}, {"Retry-After": "1"}),
            json_answer(200, PLAN),
        )
        self.assertEqual(self.client.optimise(SMALL), PLAN)
        first, second, third = (r.at for r in self.scripted.requests)
        self.assertGreaterEqual(second - first, 0.95)
        self.assertGreaterEqual(third - second, 0.18)

    def test_a_503_that_stays_busy_surfaces_once_the_retries_are_spent(self) -> None:
        self.scripted.play(
            json_answer(503, {"error": "busy", "detail": "busy", "retryAfterSeconds": 0.1}, {"Retry-After": "1"})
        )
        error = failure_of(lambda: self.client.optimise(SMALL))
        self.assertEqual((error.status, error.error, error.retry_after_seconds), (503, "busy", 0.1))
        self.assertEqual(error.request_id, "req-503")
        self.assertEqual(len(self.scripted.requests), 3)

    def test_does_not_wait_out_a_retry_after_longer_than_max_retry_wait(self) -> None:
        self.scripted.play(json_answer(429, {"error": "rateLimited", "detail": "hourly"}, {"Retry-After": "3600"}))
        error = failure_of(lambda: self.client.optimise(SMALL))
        self.assertEqual((error.status, error.retry_after_seconds), (429, 3600))
        self.assertEqual(len(self.scripted.requests), 1)

    def test_never_retries_400_401_413_422_500(self) -> None:
        for status, code in [(400, "validation"), (401, "badKey"), (413, "partsLimit"), (422, "noPlanFound"), (500, "internal")]:
            with self.subTest(status):
                self.scripted.play(json_answer(status, {"error": code, "detail": f"a {code}"}, {"Retry-After": "0"}))
                error = failure_of(lambda: self.client.optimise(SMALL))
                self.assertEqual((error.status, error.error, error.detail), (status, code, f"a {code}"))
                self.assertEqual(len(self.scripted.requests), 1)

    def test_reads_a_streamed_200_that_begins_with_whitespace(self) -> None:
        self.scripted.play(Answer(200, "\n \n\n" + json.dumps(PLAN), {"Content-Type": "application/json"}))
        self.assertEqual(self.client.optimise(SMALL), PLAN)

    def test_raises_a_failure_decided_after_the_stream_began_with_its_own_status(self) -> None:
        failure = {"error": "noPlanFound", "detail": "no plan within 5 s", "status": 422}
        self.scripted.play(Answer(200, "\n\n" + json.dumps(failure), {"Content-Type": "application/json"}))
        error = failure_of(lambda: self.client.optimise(SMALL))
        self.assertEqual((error.status, error.error, error.detail), (422, "noPlanFound", "no plan within 5 s"))
        self.assertEqual(len(self.scripted.requests), 1)

    def test_reads_pdf_bytes_and_a_json_error_on_the_pdf_route(self) -> None:
        pdf = b"%PDF-1.7\nbody"
        self.scripted.play(Answer(200, pdf, {"Content-Type": "application/pdf"}))
        self.assertEqual(self.client.optimise_pdf(SMALL_PDF), pdf)
        self.assertEqual(self.scripted.requests[0].path, "/v1/optimise/pdf")
        self.scripted.play(json_answer(400, {"error": "validation", "detail": "jobName: too long"}))
        self.assertEqual(failure_of(lambda: self.client.optimise_pdf(SMALL_PDF)).status, 400)
        late = {"error": "internal", "detail": "the renderer failed", "status": 500}
        self.scripted.play(Answer(200, "\n " + json.dumps(late), {"Content-Type": "application/pdf"}))
        error = failure_of(lambda: self.client.optimise_pdf(SMALL_PDF))
        self.assertEqual((error.status, error.error), (500, "internal"))
        self.scripted.play(json_answer(200, PLAN))
        error = failure_of(lambda: self.client.optimise_pdf(SMALL_PDF))
        self.assertEqual((error.status, error.error), (200, "http"))

    def test_reads_the_solve_budget_of_a_pdf_from_its_headers(self) -> None:
        pdf = b"%PDF-1.7\nbody"
        headers = {"Content-Type": "application/pdf", "X-Request-Id": "req-7"}
        capped_headers = {**headers, "X-Time-Limit": "240", "X-Requested-Time-Limit": "300"}
        self.scripted.play(Answer(200, pdf, capped_headers))
        capped = self.client.optimise_pdf({**SMALL_PDF, "timeLimit": 300})
        self.assertEqual((capped.time_limit, capped.requested_time_limit, capped.request_id), (240, 300, "req-7"))
        # Still the plain bytes in every other way.
        self.assertEqual(capped, pdf)
        self.assertEqual(bytes(capped), pdf)
        copied = copy.deepcopy(capped)
        self.assertEqual((copied, copied.time_limit, copied.requested_time_limit), (pdf, 240, 300))
        self.scripted.play(Answer(200, pdf, {**headers, "X-Time-Limit": "6.987"}))
        applied = self.client.optimise_pdf(SMALL_PDF)
        self.assertEqual((applied.time_limit, applied.requested_time_limit), (6.987, None))
        self.scripted.play(Answer(200, pdf, {"Content-Type": "application/pdf"}))
        bare = self.client.optimise_pdf(SMALL_PDF)
        self.assertEqual((bare.time_limit, bare.requested_time_limit, bare.request_id), (None, None, None))

    def test_reads_zpl_and_csv_with_their_budget_and_file_name(self) -> None:
        zpl = b"^XA\n^FDP1^FS\n^XZ\n"
        self.scripted.play(
            Answer(
                200,
                zpl,
                {
                    "Content-Type": "application/zpl; charset=utf-8",
                    "Content-Disposition": "attachment; filename=\"labels-Fenster-S_d.zpl\"; filename*=UTF-8''labels-Fenster-S%C3%BCd.zpl",
                    "X-Time-Limit": "240",
                    "X-Requested-Time-Limit": "300",
                    "X-Request-Id": "req-9",
                },
            )
        )
        labels = self.client.labels_zpl({**SMALL_FILE, "timeLimit": 300})
        self.assertEqual(labels, zpl)
        self.assertEqual(
            (labels.time_limit, labels.requested_time_limit, labels.request_id, labels.file_name),
            (240, 300, "req-9", "labels-Fenster-Süd.zpl"),
        )
        request = self.scripted.requests[0]
        self.assertEqual((request.path, request.headers["accept"]), ("/v1/optimise/labels?format=zpl", "application/zpl"))
        csv = "\ufefflayout;copies\r\n".encode()
        self.scripted.play(Answer(200, csv, {"Content-Type": "text/csv; charset=utf-8"}))
        listed = self.client.saw_list(SMALL_FILE, separator="semicolon")
        self.assertEqual((listed, listed.time_limit, listed.file_name), (csv, None, None))
        request = self.scripted.requests[0]
        self.assertEqual((request.path, request.headers["accept"]), ("/v1/optimise/csv?separator=semicolon", "text/csv"))
        self.scripted.play(json_answer(429, {"error": "rateLimited", "detail": "slow down", "retryAfterSeconds": 3600}))
        error = failure_of(lambda: self.client.saw_list(SMALL_FILE))
        self.assertEqual((error.status, error.retry_after_seconds), (429, 3600))

    def test_sends_the_get_query_form(self) -> None:
        self.scripted.play(json_answer(200, PLAN))
        self.client.optimise_query(
            {"parts": "500x4, 300x2", "stocks": [{"length": 1000}], "kerf": 2.5, "trim": True, "unit": None}
        )
        request = self.scripted.requests[0]
        path, _, query = request.path.partition("?")
        self.assertEqual((request.method, path), ("GET", "/v1/optimise"))
        self.assertEqual(
            dict(urllib.parse.parse_qsl(query)),
            {"parts": "500x4, 300x2", "stocks": '[{"length":1000}]', "kerf": "2.5", "trim": "true"},
        )

    def test_refuses_a_base_url_without_a_scheme_when_built(self) -> None:
        for base_url in ["localhost:3000", "api.example.com/prod", "ftp://api.example.com", "", "/v1"]:
            with self.subTest(base_url):
                for make in (cutplan.Client, cutplan.AsyncClient):
                    with self.assertRaises(ValueError) as raised:
                        make(base_url=base_url)
                    self.assertEqual(
                        str(raised.exception),
                        "base_url must be an absolute http:// or https:// URL such as http://localhost:3000, "
                        f"got {json.dumps(base_url)}",
                    )

    def test_an_answer_without_the_error_body_is_an_http_error(self) -> None:
        self.scripted.play(Answer(502, "<h1>Bad Gateway</h1>", {"Content-Type": "text/html"}))
        error = failure_of(lambda: self.client.optimise(SMALL))
        self.assertEqual((error.status, error.error), (502, "http"))

    def test_times_out_as_a_timeout_error(self) -> None:
        self.scripted.play(Answer(200, json.dumps(PLAN), {"Content-Type": "application/json"}, delay=3))
        started = time.monotonic()
        error = failure_of(lambda: self.client.optimise(SMALL, timeout=0.2))
        self.assertEqual((error.error, error.status), ("timeout", 0))
        # Worded as the TypeScript client words it (clients/test/typescript.suite.ts).
        self.assertEqual(error.detail, f"no answer from {self.scripted.url} within 0.2 s")
        self.assertLess(time.monotonic() - started, 2)

    def test_a_stream_that_keeps_dripping_still_ends_at_the_deadline(self) -> None:
        body = " " * 100 + json.dumps(PLAN)  # 5 s of spaces
        self.scripted.play(Answer(200, body, {"Content-Type": "application/json"}, drip=0.05))
        started = time.monotonic()
        error = failure_of(lambda: self.client.optimise(SMALL, timeout=0.5))
        self.assertEqual((error.error, error.status), ("timeout", 0))
        self.assertLess(time.monotonic() - started, 3)
        self.scripted.play(Answer(200, " " * 5 + json.dumps(PLAN), {"Content-Type": "application/json"}, drip=0.01))
        self.assertEqual(self.client.optimise(SMALL), PLAN)

    def test_the_async_client_retries_and_raises_the_same_way(self) -> None:
        self.scripted.play(
            json_answer(503, {"error": "busy", "detail": "busy", "retryAfterSeconds": 0.1}),
            json_answer(422, {"error": "noPlanFound", "detail": "none found"}),
        )

        async def call() -> cutplan.CutplanError:
            async with cutplan.AsyncClient(base_url=self.scripted.url) as client:
                try:
                    await client.optimise(SMALL)
                except cutplan.CutplanError as error:
                    return error
            raise AssertionError("the call succeeded")

        error = asyncio.run(call())
        self.assertEqual((error.status, error.error), (422, "noPlanFound"))
        self.assertEqual(len(self.scripted.requests), 2)


if __name__ == "__main__":
    unittest.main()
