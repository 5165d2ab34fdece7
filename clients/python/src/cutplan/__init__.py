"""A client of the cutplan API: verified, provably good 1D cutting plans as JSON, print-ready PDFs, piece
labels (PDF or ZPL) and the saw list (CSV).

    import cutplan

    with cutplan.Client(base_url="http://localhost:3000") as client:
        answer = client.optimise({"parts": "2400x4,1150x6,600x10", "stock": 6000, "kerf": 3})
        print(answer["plan"]["stockBarsUsed"], answer["plan"]["optimal"])

Requests and answers are plain dicts with the API's own keys (typed as the TypedDicts of
:mod:`cutplan.schema`, generated from the API's OpenAPI document). Standard library only.
"""

from ._client import (
    DEFAULT_BASE_URL,
    DEFAULT_JOB_WAIT,
    DEFAULT_MAX_RETRIES,
    DEFAULT_MAX_RETRY_WAIT,
    DEFAULT_TIMEOUT,
    AsyncClient,
    Client,
    PlanFile,
    PlanPdf,
    Separator,
    __version__,
)
from ._errors import CutplanError
from ._webhooks import DEFAULT_WEBHOOK_TOLERANCE, WebhookVerificationError, verify_webhook
from .schema import (
    Error,
    Health,
    Job,
    JobRequest,
    LabelsRequest,
    OptimiseRequest,
    OptimiseResponse,
    Part,
    PdfRequest,
    Plan,
    SawListRequest,
    Stats,
    Stock,
    Usage,
    WebhookEvent,
)

__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_JOB_WAIT",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_MAX_RETRY_WAIT",
    "DEFAULT_TIMEOUT",
    "DEFAULT_WEBHOOK_TOLERANCE",
    "AsyncClient",
    "Client",
    "CutplanError",
    "Error",
    "Health",
    "Job",
    "JobRequest",
    "LabelsRequest",
    "OptimiseRequest",
    "OptimiseResponse",
    "Part",
    "PdfRequest",
    "Plan",
    "PlanFile",
    "PlanPdf",
    "SawListRequest",
    "Separator",
    "Stats",
    "Stock",
    "Usage",
    "WebhookEvent",
    "WebhookVerificationError",
    "__version__",
    "verify_webhook",
]
