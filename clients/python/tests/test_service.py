"""The Python client against the real service (``npm start``)."""

from __future__ import annotations

import asyncio
import json
import time
import unittest
import urllib.request
import uuid
from typing import Any, Awaitable, Callable, Dict, List, cast

from .support import send_raw, service, solving_samples, without_times

import cutplan  # isort: skip  (support puts src/ on the path first)

SMALL: cutplan.OptimiseRequest = {"parts": "500x4,300x2", "stock": 1000}

# One job file with every presentation field, part labels and mitres (docs/api.md, Fields per route).
JOB_FILE: cutplan.LabelsRequest = {
    "jobName": "Frames 12",
    "paper": "A4",
    "labelFormat": "thermal-100x50",
    "stockLength": 3000,
    "kerf": 3,
    "angleCuts": {"enabled": True, "width": 40},
    "parts": [
        {"length": 1200, "quantity": 2, "label": "Top rail", "leftAngle": 60, "rightAngle": 60},
        {"length": 800, "quantity": 3, "label": "Στήλη"},
    ],
}


def _post_raw(url: str, path: str, body: Any) -> bytes:
    request = urllib.request.Request(
        url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request) as response:
        return cast(bytes, response.read())


def failure_of(call: Callable[[], Any]) -> cutplan.CutplanError:
    try:
        call()
    except cutplan.CutplanError as error:
        return error
    raise AssertionError("the call succeeded")


class AgainstTheService(unittest.TestCase):
    def setUp(self) -> None:
        self.url = service().url
        self.client = cutplan.Client(base_url=self.url)

    def test_a_job_is_created_waited_for_listed_and_forgotten(self) -> None:
        client = cutplan.Client(base_url=self.url, api_key=service().pro_key)
        job = client.create_job({"parts": "500x4,300x2", "stock": 1000, "timeLimit": 30})
        self.assertIn(job["status"], ("queued", "running"))
        done = client.wait_for_job(job["id"])
        self.assertEqual(done["status"], "succeeded")
        result = done["result"]
        assert result is not None
        self.assertTrue(result["plan"]["verified"])
        self.assertIn(job["id"], [j["id"] for j in client.list_jobs(limit=5)["jobs"]])
        self.assertIsNone(client.cancel_job(job["id"]))
        with self.assertRaises(cutplan.CutplanError) as gone:
            client.get_job(job["id"])
        self.assertEqual((gone.exception.status, gone.exception.error), (404, "notFound"))

    def test_a_job_needs_a_key(self) -> None:
        with self.assertRaises(cutplan.CutplanError) as refused:
            cutplan.Client(base_url=self.url).create_job({"parts": "500x4", "stock": 1000})
        self.assertEqual((refused.exception.status, refused.exception.error), (401, "keyRequired"))

    def test_usage_is_what_get_v1_usage_answers_and_counts_nothing(self) -> None:
        first = self.client.usage()
        self.assertEqual(first["tier"], "public")
        self.assertEqual([w["window"] for w in first["windows"]], ["month", "hour"])
        again = self.client.usage()
        self.assertEqual([w["used"] for w in again["windows"]], [w["used"] for w in first["windows"]])

    def test_a_repeat_with_the_key_of_a_call_is_answered_uncounted(self) -> None:
        before = self.client.usage()["windows"][-1]["used"]
        key = f"python-service-{uuid.uuid4()}"
        plan = self.client.optimise(SMALL, idempotency_key=key)
        again = self.client.optimise(SMALL, idempotency_key=key)
        self.assertEqual(again, plan)
        self.assertEqual(self.client.usage()["windows"][-1]["used"] - before, 1)

    def test_health_is_what_get_v1_health_answers(self) -> None:
        status, body = send_raw(self.url, _get("/v1/health"))
        self.assertEqual(status, 200)
        self.assertEqual(self.client.health(), json.loads(body))

    def test_every_sample_that_answers_200_gives_the_same_plan_as_plain_http(self) -> None:
        compared = 0
        for sample in solving_samples():
            request = sample.client_request()
            status, raw = send_raw(self.url, sample)
            if request is None or status != 200:
                continue
            with self.subTest(sample.name), cutplan.Client(base_url=self.url, api_key=sample.api_key) as client:
                if sample.path.endswith("/pdf"):
                    pdf = client.optimise_pdf(cast(cutplan.PdfRequest, request))
                    self.assertTrue(pdf.startswith(b"%PDF-"))
                    self.assertTrue(raw.startswith(b"%PDF-"))
                    # The server always says the solve budget it applied (X-Time-Limit).
                    self.assertIsNotNone(pdf.time_limit)
                    self.assertGreater(cast(float, pdf.time_limit), 0)
                else:
                    plan = client.optimise(cast(cutplan.OptimiseRequest, request))
                    self.assertEqual(without_times(plan), without_times(json.loads(raw)))
                compared += 1
        self.assertGreaterEqual(compared, 8)

    def test_every_error_sample_gives_the_typed_error_of_the_raw_answer(self) -> None:
        seen: List[int] = []
        for sample in solving_samples():
            request = sample.client_request()
            status, raw = send_raw(self.url, sample)
            if request is None or status == 200:
                continue
            body: Dict[str, Any] = json.loads(raw)
            client = cutplan.Client(base_url=self.url, api_key=sample.api_key)
            if sample.path.endswith("/pdf"):
                error = failure_of(lambda: client.optimise_pdf(cast(cutplan.PdfRequest, request)))
            else:
                error = failure_of(lambda: client.optimise(cast(cutplan.OptimiseRequest, request)))
            with self.subTest(sample.name):
                self.assertEqual((error.status, error.error, error.detail), (status, body["error"], body["detail"]))
                self.assertRegex(error.request_id or "", r"^[0-9a-f-]{36}$")
            seen.append(status)
        self.assertIn(400, seen)
        self.assertIn(401, seen)
        self.assertIn(413, seen)

    def test_a_bad_part_is_a_400_naming_it(self) -> None:
        bad: cutplan.OptimiseRequest = {
            "parts": [{"length": 2400, "quantity": 4}, {"length": -5, "quantity": 2}],
            "stock": 6000,
        }
        error = failure_of(lambda: self.client.optimise(bad))
        self.assertEqual((error.status, error.error), (400, "validation"))
        self.assertIn("parts[1]", error.detail)
        self.assertIsInstance(error, Exception)

    def test_an_unknown_key_is_a_401(self) -> None:
        client = cutplan.Client(base_url=self.url, api_key="cp_live_0000000000000000_notIssuedAnywhere00000000000000000")
        error = failure_of(lambda: client.optimise(SMALL))
        self.assertEqual((error.status, error.error), (401, "badKey"))

    def test_a_body_over_1_mib_is_a_413_and_too_many_parts_the_raw_answer(self) -> None:
        big: cutplan.OptimiseRequest = {"parts": ",".join(["500x1"] * 200_000), "stock": 1000}
        error = failure_of(lambda: self.client.optimise(big))
        self.assertEqual((error.status, error.error), (413, "payloadTooLarge"))
        many: cutplan.OptimiseRequest = {"parts": "100x301", "stock": 1000}
        error = failure_of(lambda: self.client.optimise(many))
        self.assertIn(error.status, (400, 413))
        self.assertIn("300", error.detail)

    def test_a_real_short_429_is_waited_out_and_surfaces_when_retries_are_spent(self) -> None:
        key = service().starter_key
        once = cutplan.Client(base_url=self.url, api_key=key, max_retries=0)
        # The window (one call per 3 s) must have over 2 s left, so that the next call surely meets the 429.
        for _ in range(20):
            try:
                once.optimise(SMALL)
            except cutplan.CutplanError as error:
                if (error.retry_after_seconds or 0) >= 3:
                    break
            time.sleep(0.3)
        else:
            self.fail("no 429 with over 2 s left in its window")
        started = time.monotonic()
        patient = cutplan.Client(base_url=self.url, api_key=key)
        self.assertTrue(patient.optimise(SMALL)["plan"]["verified"])  # 429, wait, retry
        self.assertGreater(time.monotonic() - started, 0.9)
        spent = failure_of(lambda: once.optimise(SMALL))
        self.assertEqual((spent.status, spent.error), (429, "rateLimited"))
        self.assertTrue(0 < (spent.retry_after_seconds or 0) <= 3)
        started = time.monotonic()
        impatient = cutplan.Client(base_url=self.url, api_key=key, max_retry_wait=0.5)
        refused = failure_of(lambda: impatient.optimise(SMALL))
        self.assertEqual(refused.status, 429)
        # Raised without waiting: a retry would have taken the whole Retry-After (at least 1 s) first.
        self.assertLess(time.monotonic() - started, refused.retry_after_seconds or 0)

    def test_shorthand_and_long_form_give_the_same_plan(self) -> None:
        short = self.client.optimise({"parts": "2400x4,1150x6", "stock": 6000, "kerf": 3})
        long = self.client.optimise(
            {
                "parts": [{"length": 2400, "quantity": 4}, {"length": 1150, "quantity": 6}],
                "stockLength": 6000,
                "kerf": 3,
            }
        )
        self.assertEqual(without_times(short["plan"]), without_times(long["plan"]))
        tuples = self.client.optimise({"parts": [[2400, 4], [1150, 6], "600"], "stock": 6000})
        self.assertTrue(tuples["plan"]["verified"])

    def test_the_async_client_gives_the_same_answers(self) -> None:
        async def both() -> List[Any]:
            async with cutplan.AsyncClient(base_url=self.url) as client:
                calls: List[Awaitable[Any]] = [
                    client.health(),
                    client.optimise(SMALL),
                    client.optimise_pdf({"parts": "500x4", "stock": 1000, "jobName": "async"}),
                ]
                return await asyncio.gather(*calls)

        health, plan, pdf = asyncio.run(both())
        self.assertEqual(health, self.client.health())
        self.assertEqual(without_times(plan), without_times(self.client.optimise(SMALL)))
        self.assertTrue(cast(bytes, pdf).startswith(b"%PDF-"))

    def test_a_time_limit_above_the_tier_budget_comes_back_capped(self) -> None:
        meta = self.client.optimise({"parts": "500x4,300x2", "stock": 1000, "timeLimit": 3600})["meta"]
        self.assertEqual(meta.get("requestedTimeLimit"), 3600)
        self.assertLess(meta["timeLimit"], 3600)

    def test_the_offcut_rack_through_the_client(self) -> None:
        # Rack calls do not count against the starter key's one solve per 3 s (a window of their own).
        rack = cutplan.Client(base_url=self.url, api_key=service().starter_key)
        added = rack.add_offcuts(
            {"offcuts": [{"length": 2500, "quantity": 2, "material": "py-rack", "label": "P1"}, "1200x1"]}
        )
        self.assertEqual([o["length"] for o in added["offcuts"]], [2500, 1200])
        rack.import_offcuts_csv("length,quantity,material,location\n900,3,py-rack,shelf 9\n")
        page = rack.list_offcuts(material="py-rack")
        lengths = sorted((o["length"], o["quantity"]) for o in page["offcuts"])
        self.assertIn((900, 3), lengths)
        self.assertIn((2500, 2), lengths)
        first = next(o for o in page["offcuts"] if o["length"] == 900)
        changed = rack.change_offcut(first["id"], {"quantity": 1, "location": "shelf 1"})
        self.assertEqual((changed or {}).get("location"), "shelf 1")
        rack.delete_offcut(first["id"])
        self.assertNotIn(first["id"], [o["id"] for o in rack.list_offcuts(material="py-rack")["offcuts"]])
        gone = failure_of(lambda: rack.book_plan("pl_AAAAAAAAAAAAAAAAAAAAAA"))
        self.assertEqual((gone.status, gone.error), (404, "notFound"))
        keyless = failure_of(lambda: self.client.list_offcuts())
        self.assertEqual((keyless.status, keyless.error), (401, "keyRequired"))

    def test_one_job_file_gives_the_labels_and_the_saw_list_as_the_raw_routes_give_them(self) -> None:
        pdf = self.client.labels_pdf(JOB_FILE)
        self.assertTrue(pdf.startswith(b"%PDF-"))
        self.assertEqual(pdf.file_name, "labels-Frames-12.pdf")
        self.assertGreater(cast(float, pdf.time_limit), 0)
        self.assertIsNotNone(pdf.request_id)
        zpl = self.client.labels_zpl(JOB_FILE)
        self.assertEqual(zpl, _post_raw(self.url, "/v1/optimise/labels?format=zpl", JOB_FILE))
        self.assertTrue(zpl.decode().startswith("^XA"))
        self.assertEqual(zpl.file_name, "labels-Frames-12.zpl")
        csv = self.client.saw_list(JOB_FILE, separator="semicolon")
        self.assertEqual(csv, _post_raw(self.url, "/v1/optimise/csv?separator=semicolon", JOB_FILE))
        self.assertTrue(csv.decode().startswith("\ufefflayout;copies;"))
        self.assertEqual(csv.file_name, "saw-list-Frames-12.csv")
        comma = self.client.saw_list(JOB_FILE).decode()
        self.assertTrue(comma.startswith("layout,copies,"))
        self.assertIn("Top rail", comma)

    def test_optimise_query_gives_what_the_same_request_gives_as_a_body(self) -> None:
        request: cutplan.OptimiseRequest = {
            "parts": "500x4,300x2",
            "stocks": [{"length": 1000, "quantity": 10}],
            "kerf": 2,
            "trim": False,
        }
        query = self.client.optimise_query(dict(request))
        body = self.client.optimise(request)
        self.assertEqual(without_times(query["plan"]), without_times(body["plan"]))
        error = failure_of(lambda: self.client.optimise_query({"parts": "500x0", "stock": 1000}))
        self.assertEqual((error.status, error.error), (400, "validation"))

    def test_the_async_client_reaches_every_file_route(self) -> None:
        async def files() -> List[cutplan.PlanFile]:
            async with cutplan.AsyncClient(base_url=self.url) as client:
                return list(
                    await asyncio.gather(
                        client.labels_pdf(JOB_FILE), client.labels_zpl(JOB_FILE), client.saw_list(JOB_FILE)
                    )
                )

        pdf, zpl, csv = asyncio.run(files())
        self.assertTrue(pdf.startswith(b"%PDF-"))
        self.assertTrue(zpl.startswith(b"^XA"))
        self.assertTrue(csv.startswith(b"layout,"))
        self.assertEqual(csv.file_name, "saw-list-Frames-12.csv")

    def test_an_unreachable_service_is_a_network_error(self) -> None:
        error = failure_of(lambda: cutplan.Client(base_url="http://127.0.0.1:9").health())
        self.assertEqual((error.error, error.status), ("network", 0))


def _get(path: str) -> Any:
    from .support import Sample

    return Sample(name=path, method="GET", path=path, query={}, headers={}, body="")


if __name__ == "__main__":
    unittest.main()
