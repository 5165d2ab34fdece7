"""verify_webhook against the Standard Webhooks reference example and against tampered deliveries."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import unittest

from . import support  # puts this checkout's package on the path
import cutplan  # isort: skip

PACKAGE = support.CLIENT / "src" / "cutplan"

# The example of the Standard Webhooks reference libraries (libraries/go/webhook_test.go, TestWebhookSign).
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
MSG_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
TIMESTAMP = 1614265330
BODY = '{"test": 2432232314}'
SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
HEADERS = {"webhook-id": MSG_ID, "webhook-timestamp": str(TIMESTAMP), "webhook-signature": SIGNATURE}


def sign(secret: str, msg_id: str, timestamp: int, body: str) -> str:
    key = base64.b64decode(secret[len("whsec_") :])
    mac = hmac.new(key, f"{msg_id}.{timestamp}.{body}".encode(), hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


class VerifyWebhookTest(unittest.TestCase):
    def test_the_published_example(self) -> None:
        self.assertTrue(str(cutplan.__file__).startswith(str(PACKAGE)))
        self.assertEqual(sign(SECRET, MSG_ID, TIMESTAMP, BODY), SIGNATURE)
        event = cutplan.verify_webhook(SECRET, HEADERS, BODY, now=TIMESTAMP + 10)
        self.assertEqual(event, {"test": 2432232314})
        self.assertEqual(cutplan.verify_webhook(SECRET, HEADERS, BODY.encode(), now=TIMESTAMP), event)

    def test_header_names_in_any_case_and_several_signatures(self) -> None:
        other = "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc="
        headers = {
            "Webhook-Id": MSG_ID,
            "WEBHOOK-TIMESTAMP": str(TIMESTAMP),
            "Webhook-Signature": f"{other} v2,abc {SIGNATURE}",
        }
        self.assertEqual(cutplan.verify_webhook(SECRET, headers, BODY, now=TIMESTAMP), {"test": 2432232314})

    def test_refusals(self) -> None:
        cases = [
            ("a changed body", SECRET, HEADERS, BODY.replace("4}", "5}"), TIMESTAMP, "no signature"),
            ("a wrong secret", "whsec_" + base64.b64encode(b"x" * 32).decode(), HEADERS, BODY, TIMESTAMP, "no signature"),
            ("an old timestamp", SECRET, HEADERS, BODY, TIMESTAMP + 301, "more than 300 s"),
            ("a future timestamp", SECRET, HEADERS, BODY, TIMESTAMP - 301, "more than 300 s"),
            ("no signature", SECRET, {"webhook-id": MSG_ID, "webhook-timestamp": str(TIMESTAMP)}, BODY, TIMESTAMP, "missing"),
            ("a v2 signature only", SECRET, {**HEADERS, "webhook-signature": SIGNATURE.replace("v1,", "v2,")}, BODY, TIMESTAMP, "no signature"),
            ("a timestamp that is no number", SECRET, {**HEADERS, "webhook-timestamp": "16e8"}, BODY, TIMESTAMP, "not a number"),
            ("a secret that is no base64", "whsec_!!", HEADERS, BODY, TIMESTAMP, "not a whsec_"),
        ]
        for name, secret, headers, body, now, reason in cases:
            with self.subTest(name):
                with self.assertRaises(cutplan.WebhookVerificationError) as caught:
                    cutplan.verify_webhook(secret, headers, body, now=now)
                self.assertIn(reason, str(caught.exception))

    def test_a_job_event_signed_with_two_secrets(self) -> None:
        old = "whsec_" + base64.b64encode(bytes(range(32))).decode()
        new = "whsec_" + base64.b64encode(bytes(range(32, 64))).decode()
        body = json.dumps({"type": "job.succeeded", "data": {"id": "jb_1", "status": "succeeded", "url": "u"}})
        headers = {
            "webhook-id": "msg_jb_1",
            "webhook-timestamp": "1000",
            "webhook-signature": f"{sign(new, 'msg_jb_1', 1000, body)} {sign(old, 'msg_jb_1', 1000, body)}",
        }
        for secret in (old, new):
            self.assertEqual(cutplan.verify_webhook(secret, headers, body, now=1000)["data"]["id"], "jb_1")


if __name__ == "__main__":
    unittest.main()
