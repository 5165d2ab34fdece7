"""Request and response shapes of the cutplan API, generated from docs/openapi.json.

Do not edit: run ``python3 clients/python/tools/generate_types.py`` (or ``npm run clients:generate``).
"""

# ruff: noqa
# pyright: reportUnusedImport=false
from __future__ import annotations

from typing import Any, Dict, List, Literal, Sequence, TypedDict, Union

__all__ = [
    "AngleCuts",
    "Combination",
    "CutPosition",
    "Error",
    "Health",
    "Job",
    "JobDeliveries",
    "JobError",
    "JobProgress",
    "JobRequest",
    "LabelsRequest",
    "Leftover",
    "MaterialStats",
    "Meta",
    "Offcut",
    "OffcutList",
    "OffcutTuple",
    "OptimiseRequest",
    "OptimiseResponse",
    "Part",
    "PartList",
    "PartTuple",
    "PdfRequest",
    "PlacedPart",
    "Plan",
    "Purchase",
    "SawListRequest",
    "ShorthandList",
    "Stats",
    "Stock",
    "StockList",
    "StockTuple",
    "Usage",
    "UsageMonth",
    "UsageWindows",
    "UsedComb",
    "Waste",
    "WebhookEvent",
    "WebhookEventData",
]


ShorthandList = str
"""Shorthand text: comma-separated `LENGTH` or `LENGTHxQUANTITY` entries (`x`, `X` or `×`), plain decimals (no sign, no exponent; the point is the decimal separator), spaces allowed around numbers. Ranges are those of the long form (a quantity must be a whole number ≥ 1)."""


class _PartRequired(TypedDict):
    length: float
    """Length of the part (> 0, at most 10000000, at most 6 decimals)."""
    quantity: int
    """How many pieces of this length, a whole number ≥ 1. More pieces than the tier allows is 413 partsLimit; no tier takes more than 100000 on one line or 1000000 in a request."""


class Part(_PartRequired, total=False):
    label: Union[str, None]
    """Printed on PDF piece labels; empty is none."""
    material: Union[str, None]
    """Material group tag: cut only from stock of the same material."""
    leftAngle: Union[float, None]
    """Bottom angle of the left end in degrees (a negative number is a top angle: -60 = 120); 10 to 170 after that; 90 is square. Only with angleCuts.enabled."""
    rightAngle: Union[float, None]
    """Bottom angle of the right end; as leftAngle."""


PartTuple = Sequence[Union[float, int, str, None]]
"""Array form [length, quantity, label]; only the length is required. A bare length means quantity 1."""


PartList = Union["ShorthandList", List[Union["ShorthandList", "PartTuple", "Part"]]]
"""The parts needed. The long form is an array of objects; shorthand forms can be mixed: a shorthand string (a bare length means quantity 1, e.g. "2400x5, 1800x3"), or an array of strings, [length, quantity, label] arrays and objects. Entries are numbered after expansion; that number is the entry's index in the response."""


class _StockRequired(TypedDict):
    length: float
    """Purchasable bar length (> 0, at most 10000000, at most 6 decimals)."""


class Stock(_StockRequired, total=False):
    quantity: Union[int, None]
    """Bars available; null or absent means unlimited."""
    price: Union[float, None]
    """Price per bar; null or absent optimises material instead of money."""
    material: Union[str, None]
    """Material group tag."""
    priority: Union[bool, None]
    """Soft preference: among equally good plans, use this first."""
    bundleSize: Union[int, None]
    """Bars per bundle, for method bundle."""


StockTuple = Sequence[Union[float, int, None]]
"""Array form [length, quantity, price]; only the length is required. A bare length means unlimited."""


StockList = Union["ShorthandList", List[Union["ShorthandList", "StockTuple", "Stock"]]]
"""Purchasable stock lengths. The long form is an array of objects; shorthand forms can be mixed: a shorthand string (a bare length means unlimited, e.g. "6000x10, 5000"), or an array of strings, [length, quantity, price] arrays and objects. Entries are numbered after expansion; that number is the entry's index in the response."""


class _OffcutRequired(TypedDict):
    length: float
    """Length of the owned piece (> 0, at most 10000000, at most 6 decimals)."""
    quantity: int
    """How many of them are owned."""


class Offcut(_OffcutRequired, total=False):
    material: Union[str, None]
    """Material group tag."""
    priority: Union[bool, None]
    """Soft preference: among equally good plans, use this first."""


OffcutTuple = Sequence[Union[float, int]]
"""Array form [length, quantity]; only the length is required. A bare length means quantity 1."""


OffcutList = Union["ShorthandList", List[Union["ShorthandList", "OffcutTuple", "Offcut"]]]
"""Lengths already owned: free material, never counted as purchases. The long form is an array of objects; shorthand forms can be mixed: a shorthand string (a bare length means quantity 1, e.g. "2500x2, 1200"), or an array of strings, [length, quantity] arrays and objects. Entries are numbered after expansion; that number is the entry's index in the response."""


class _AngleCutsRequired(TypedDict):
    enabled: bool
    """Master switch: angles on parts are accepted only when true. When on, the plan is computed to a tenth of the finest unit the lengths use, so its positions, remnants and waste may carry one decimal more than the lengths sent."""


class AngleCuts(_AngleCutsRequired, total=False):
    width: Union[float, None]
    """Material width, in the unit of the lengths; required when enabled. An angled cut reaches sideways by width / tan(angle)."""
    axialSymmetry: Union[Literal["none", "X", "Y", "Z", "XYZ"], None]
    """Which flips the material allows (default none): this decides how mitres may nest. Square tube is typically XYZ."""


class _OptimiseRequestRequired(TypedDict):
    parts: PartList


class OptimiseRequest(_OptimiseRequestRequired, total=False):
    """An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out."""
    stock: Union[float, StockList, None]
    """Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`."""
    stocks: Union[StockList, None]
    offcuts: Union[OffcutList, Literal["rack"], None]
    """The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`)."""
    angleCuts: Union[AngleCuts, None]
    stockLength: Union[float, None]
    """One stock length, unlimited quantity. Send one of stockLength, stocks and stock."""
    kerf: Union[float, None]
    """Blade width consumed per cut (default 0)."""
    trim: Union[bool, None]
    """Take one kerf off both ends of every source before cutting (default false)."""
    method: Union[Literal["balanced", "least_waste", "offcuts_first", "fewest_setups", "bundle"], None]
    """What to optimise (default balanced; with prices, balanced minimises cost). bundle needs stocks[].bundleSize."""
    minRemnant: Union[float, None]
    """Leftovers this long or longer are returned as usableRemnants (default 0)."""
    unit: Union[str, None]
    """Echoed back and printed on PDFs; converts nothing (default mm)."""
    unitFormat: Union[Literal["decimal", "fraction"], None]
    """decimal (default) or fraction: PDF dimensions as nearest-1/64 fractions."""
    timeLimit: Union[float, None]
    """Solve budget in seconds (default automatic: stop at proof, at most 5 s). A larger value than the tier's budget is capped to it, never refused: `meta.timeLimit` is the budget applied and `meta.requestedTimeLimit` the value sent when it was capped."""


class _PdfRequestRequired(TypedDict):
    parts: PartList


class PdfRequest(_PdfRequestRequired, total=False):
    """An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. Like every file route, the plan PDF also takes jobName, paper and labelFormat (the same job file goes to the PDF, the labels and the saw list); it uses those it prints."""
    stock: Union[float, StockList, None]
    """Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`."""
    stocks: Union[StockList, None]
    offcuts: Union[OffcutList, Literal["rack"], None]
    """The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`)."""
    angleCuts: Union[AngleCuts, None]
    stockLength: Union[float, None]
    """One stock length, unlimited quantity. Send one of stockLength, stocks and stock."""
    kerf: Union[float, None]
    """Blade width consumed per cut (default 0)."""
    trim: Union[bool, None]
    """Take one kerf off both ends of every source before cutting (default false)."""
    method: Union[Literal["balanced", "least_waste", "offcuts_first", "fewest_setups", "bundle"], None]
    """What to optimise (default balanced; with prices, balanced minimises cost). bundle needs stocks[].bundleSize."""
    minRemnant: Union[float, None]
    """Leftovers this long or longer are returned as usableRemnants (default 0)."""
    unit: Union[str, None]
    """Echoed back and printed on PDFs; converts nothing (default mm)."""
    unitFormat: Union[Literal["decimal", "fraction"], None]
    """decimal (default) or fraction: PDF dimensions as nearest-1/64 fractions."""
    timeLimit: Union[float, None]
    """Solve budget in seconds (default automatic: stop at proof, at most 5 s). A larger value than the tier's budget is capped to it, never refused: `meta.timeLimit` is the budget applied and `meta.requestedTimeLimit` the value sent when it was capped."""
    jobName: Union[str, None]
    """The job's name (e.g. "Hall B railings"): the plan PDF's title, printed on every label, and the name of every file (`cutting-plan-Hall-B-railings.pdf`, `labels-…`, `saw-list-…`)."""
    paper: Union[Literal["A4", "Letter"], None]
    """The plan PDF's paper, A4 or Letter; absent means A4, or Letter when the unit is inches."""
    labelFormat: Union[Literal["a4-3x8", "thermal-100x50"], None]
    """The label PDF's stock: `a4-3x8` (default: A4 sheets of 3 × 8 labels, 70 × 37 mm) or `thermal-100x50` (one 100 × 50 mm label a page)."""


class _LabelsRequestRequired(TypedDict):
    parts: PartList


class LabelsRequest(_LabelsRequestRequired, total=False):
    """An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. Like every file route, the labels route also takes jobName, paper and labelFormat (the same job file goes to the PDF, the labels and the saw list); it uses those it prints."""
    stock: Union[float, StockList, None]
    """Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`."""
    stocks: Union[StockList, None]
    offcuts: Union[OffcutList, Literal["rack"], None]
    """The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`)."""
    angleCuts: Union[AngleCuts, None]
    stockLength: Union[float, None]
    """One stock length, unlimited quantity. Send one of stockLength, stocks and stock."""
    kerf: Union[float, None]
    """Blade width consumed per cut (default 0)."""
    trim: Union[bool, None]
    """Take one kerf off both ends of every source before cutting (default false)."""
    method: Union[Literal["balanced", "least_waste", "offcuts_first", "fewest_setups", "bundle"], None]
    """What to optimise (default balanced; with prices, balanced minimises cost). bundle needs stocks[].bundleSize."""
    minRemnant: Union[float, None]
    """Leftovers this long or longer are returned as usableRemnants (default 0)."""
    unit: Union[str, None]
    """Echoed back and printed on PDFs; converts nothing (default mm)."""
    unitFormat: Union[Literal["decimal", "fraction"], None]
    """decimal (default) or fraction: PDF dimensions as nearest-1/64 fractions."""
    timeLimit: Union[float, None]
    """Solve budget in seconds (default automatic: stop at proof, at most 5 s). A larger value than the tier's budget is capped to it, never refused: `meta.timeLimit` is the budget applied and `meta.requestedTimeLimit` the value sent when it was capped."""
    jobName: Union[str, None]
    """The job's name (e.g. "Hall B railings"): the plan PDF's title, printed on every label, and the name of every file (`cutting-plan-Hall-B-railings.pdf`, `labels-…`, `saw-list-…`)."""
    paper: Union[Literal["A4", "Letter"], None]
    """The plan PDF's paper, A4 or Letter; absent means A4, or Letter when the unit is inches."""
    labelFormat: Union[Literal["a4-3x8", "thermal-100x50"], None]
    """The label PDF's stock: `a4-3x8` (default: A4 sheets of 3 × 8 labels, 70 × 37 mm) or `thermal-100x50` (one 100 × 50 mm label a page)."""


class _SawListRequestRequired(TypedDict):
    parts: PartList


class SawListRequest(_SawListRequestRequired, total=False):
    """An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. Like every file route, the saw list also takes jobName, paper and labelFormat (the same job file goes to the PDF, the labels and the saw list); it uses those it prints."""
    stock: Union[float, StockList, None]
    """Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`."""
    stocks: Union[StockList, None]
    offcuts: Union[OffcutList, Literal["rack"], None]
    """The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`)."""
    angleCuts: Union[AngleCuts, None]
    stockLength: Union[float, None]
    """One stock length, unlimited quantity. Send one of stockLength, stocks and stock."""
    kerf: Union[float, None]
    """Blade width consumed per cut (default 0)."""
    trim: Union[bool, None]
    """Take one kerf off both ends of every source before cutting (default false)."""
    method: Union[Literal["balanced", "least_waste", "offcuts_first", "fewest_setups", "bundle"], None]
    """What to optimise (default balanced; with prices, balanced minimises cost). bundle needs stocks[].bundleSize."""
    minRemnant: Union[float, None]
    """Leftovers this long or longer are returned as usableRemnants (default 0)."""
    unit: Union[str, None]
    """Echoed back and printed on PDFs; converts nothing (default mm)."""
    unitFormat: Union[Literal["decimal", "fraction"], None]
    """decimal (default) or fraction: PDF dimensions as nearest-1/64 fractions."""
    timeLimit: Union[float, None]
    """Solve budget in seconds (default automatic: stop at proof, at most 5 s). A larger value than the tier's budget is capped to it, never refused: `meta.timeLimit` is the budget applied and `meta.requestedTimeLimit` the value sent when it was capped."""
    jobName: Union[str, None]
    """The job's name (e.g. "Hall B railings"): the plan PDF's title, printed on every label, and the name of every file (`cutting-plan-Hall-B-railings.pdf`, `labels-…`, `saw-list-…`)."""
    paper: Union[Literal["A4", "Letter"], None]
    """The plan PDF's paper, A4 or Letter; absent means A4, or Letter when the unit is inches."""
    labelFormat: Union[Literal["a4-3x8", "thermal-100x50"], None]
    """The label PDF's stock: `a4-3x8` (default: A4 sheets of 3 × 8 labels, 70 × 37 mm) or `thermal-100x50` (one 100 × 50 mm label a page)."""


class _JobRequestRequired(TypedDict):
    parts: PartList


class JobRequest(_JobRequestRequired, total=False):
    """An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. As an async job it may also name a `webhook`."""
    stock: Union[float, StockList, None]
    """Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`."""
    stocks: Union[StockList, None]
    offcuts: Union[OffcutList, Literal["rack"], None]
    """The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`)."""
    angleCuts: Union[AngleCuts, None]
    stockLength: Union[float, None]
    """One stock length, unlimited quantity. Send one of stockLength, stocks and stock."""
    kerf: Union[float, None]
    """Blade width consumed per cut (default 0)."""
    trim: Union[bool, None]
    """Take one kerf off both ends of every source before cutting (default false)."""
    method: Union[Literal["balanced", "least_waste", "offcuts_first", "fewest_setups", "bundle"], None]
    """What to optimise (default balanced; with prices, balanced minimises cost). bundle needs stocks[].bundleSize."""
    minRemnant: Union[float, None]
    """Leftovers this long or longer are returned as usableRemnants (default 0)."""
    unit: Union[str, None]
    """Echoed back and printed on PDFs; converts nothing (default mm)."""
    unitFormat: Union[Literal["decimal", "fraction"], None]
    """decimal (default) or fraction: PDF dimensions as nearest-1/64 fractions."""
    timeLimit: Union[float, None]
    """Solve budget in seconds (default automatic: stop at proof, at most 5 s). A larger value than the tier's budget is capped to it, never refused: `meta.timeLimit` is the budget applied and `meta.requestedTimeLimit` the value sent when it was capped."""
    webhook: Union[str, None]
    """Where to POST the job's end (a Standard Webhooks message signed with the key's webhook secret: `cutplan keys webhook-secret <keyId>`). Deployed: https, to a public address only (checked at submission and before every attempt); locally any http(s) URL."""


class OptimiseResponse(TypedDict):
    """A verified cutting plan."""
    plan: Plan
    stats: Stats
    costLowerBound: Union[float, None]
    """Provable minimum cost; null when no prices were supplied."""
    meta: Meta


class _PlanRequired(TypedDict):
    combinations: List[Combination]
    """One entry per distinct layout."""
    purchases: List[Purchase]
    """The shopping list."""
    usableRemnants: List[Leftover]
    """Leftovers ≥ `minRemnant`, largest first."""
    unusedOffcuts: List[Leftover]
    """Offcuts the plan did not need, largest first."""
    stockBarsUsed: int
    """Total bars to purchase."""
    stockBarsLowerBound: float
    """Provable minimum number of bars (a relaxation; may be loose)."""
    totalWaste: float
    """Total waste of the plan."""
    optimal: bool
    """True only when it is proven that no better plan exists (exhaustive search or a met floor)."""
    verified: bool
    """Always true on success: the plan was re-checked against the request."""
    solveTimeMs: float
    """Solve time in milliseconds."""


class Plan(_PlanRequired, total=False):
    """The cutting plan."""
    id: str
    """`"offcuts": "rack"` only: the id the plan is stored under (`GET /v1/plans/{id}`, `POST /v1/plans/{id}/cut`)."""


class Combination(TypedDict):
    """A layout and how many bars it is used on."""
    usedComb: UsedComb
    count: int
    """How many bars are cut this way."""


class _UsedCombRequired(TypedDict):
    combination: List[float]
    """Part lengths cut from the bar, in cut order."""
    length: float
    """Length of the source bar."""
    source: Literal["stock", "offcut"]
    """Whether the bar is bought stock or an owned offcut."""
    sourceIndex: int
    """Index of the source entry in the request's `stocks` (a `stockLength` is entry 0) or `offcuts`."""
    waste: Waste
    parts: List[PlacedPart]
    """The pieces in cut order."""
    cutPositions: List[CutPosition]
    """Every saw cut, from the zero end."""


class UsedComb(_UsedCombRequired, total=False):
    """One distinct layout: what is cut from one bar."""
    material: str
    """Material group of the item; absent for untagged items."""
    bundleBars: int
    """Method `bundle`: how many of these bars came off a full bundle."""
    rackId: str
    """`"offcuts": "rack"` only: the id of the rack entry this offcut bar comes from (`GET /v1/offcuts`)."""


class _PlacedPartRequired(TypedDict):
    part: int
    """Index of the part in the request's `parts` (after shorthand expansion)."""
    length: float
    """Length of the piece."""


class PlacedPart(_PlacedPartRequired, total=False):
    """A piece in a layout, in cut order from the bar's zero end."""
    label: str
    """The part's label, when it has one."""
    orientation: Literal["none", "X", "Y", "Z"]
    """Angle mode: the turn applied to the piece as entered (`none`, or 180° about the X, Y or Z axis)."""
    leftAngle: Union[float, None]
    """Angle mode: the bottom angle of the left end as placed (after the turn), 10 to 170; null when square."""
    rightAngle: Union[float, None]
    """Angle mode: the bottom angle of the right end as placed (after the turn), 10 to 170; null when square."""


CutPosition = Union[float, Sequence[float]]
"""A saw cut measured from the bar's zero end: one number when square, `[top, bottom]` when angled."""


class Waste(TypedDict):
    """Waste of one bar."""
    total: float
    """Source length minus the parts cut from it: saw + remnant."""
    remnant: float
    """The leftover end after the last cut."""
    saw: float
    """Material the blade removed: kerf between pieces, trim, and the cut that frees the leftover."""


class _PurchaseRequired(TypedDict):
    stock: int
    """Index of the stock entry in the request's `stocks` (a `stockLength` is entry 0)."""
    length: float
    """Bar length to buy."""
    count: int
    """Bars to buy."""


class Purchase(_PurchaseRequired, total=False):
    """One line of the shopping list."""
    price: float
    """Price per bar, when the stocks carry prices."""
    cost: float
    """count × price, when the stocks carry prices."""
    material: str
    """Material group of the item; absent for untagged items."""


class _LeftoverRequired(TypedDict):
    length: float
    """Length."""
    count: int
    """How many."""


class Leftover(_LeftoverRequired, total=False):
    """A usable remnant or an unused offcut."""
    material: str
    """Material group of the item; absent for untagged items."""


class _StatsRequired(TypedDict):
    totalParts: int
    """Pieces cut (sum of quantities)."""
    totalPartsLength: float
    """Total length of the pieces."""
    totalUsedLength: float
    """Total length of the sources used."""
    yieldPercent: float
    """totalPartsLength / totalUsedLength × 100."""
    cutCount: int
    """Saw cuts over the whole plan."""
    layoutCount: int
    """Distinct layouts."""
    totalCost: Union[float, None]
    """Cost of the purchases; null without prices."""
    trueWaste: float
    """Waste that is not a usable remnant."""


class Stats(_StatsRequired, total=False):
    """Job statistics."""
    sawStops: int
    """Saw stop settings: how often the length stop moves when the plan is cut in the saw sheet's order, with stops at the cut positions from the bar's zero end (one per cut of a layout; the next layout of the same material, source and length keeps the stops of the leading cuts it shares). See docs/api.md, Saw stops."""
    byMaterial: Dict[str, MaterialStats]
    """Per material group, when material groups are used; the untagged group's key is ""."""
    fullBundleBars: int
    """Method `bundle`: purchased bars cut in full bundles."""
    singleBars: int
    """Method `bundle`: purchased bars not in a full bundle (offcut bars count in neither)."""
    bundleEfficiency: float
    """Method `bundle`: fullBundleBars / stockBarsUsed, rounded half up to 4 decimals; 0 when nothing is bought."""
    setups: int
    """Saw setups: distinct patterns (source length and piece lengths in cut order; with angle cuts each piece also with its end angles as placed) per material group, summed; labels, turns giving the same angles and the stock entry do not make a new setup, so setups ≤ layoutCount."""
    setupsLowerBound: int
    """Methods `fewest_setups` and `bundle`: a proven lower bound on the setups of any plan of this cost."""
    setupsOptimal: bool
    """Methods `fewest_setups` and `bundle`: true when setups meet setupsLowerBound."""


class _MaterialStatsRequired(TypedDict):
    totalParts: int
    """Pieces cut (sum of quantities)."""
    totalPartsLength: float
    """Total length of the pieces."""
    totalUsedLength: float
    """Total length of the sources used."""
    yieldPercent: float
    """totalPartsLength / totalUsedLength × 100."""
    cutCount: int
    """Saw cuts over the whole plan."""
    layoutCount: int
    """Distinct layouts."""
    totalCost: Union[float, None]
    """Cost of the purchases; null without prices."""
    trueWaste: float
    """Waste that is not a usable remnant."""
    stockBarsUsed: int
    """Bars to purchase for this material."""


class MaterialStats(_MaterialStatsRequired, total=False):
    """The statistics of one material group."""
    sawStops: int
    """Saw stop settings: how often the length stop moves when the plan is cut in the saw sheet's order, with stops at the cut positions from the bar's zero end (one per cut of a layout; the next layout of the same material, source and length keeps the stops of the leading cuts it shares). See docs/api.md, Saw stops."""
    setups: int
    """Distinct saw setups of this material group."""


class _MetaRequired(TypedDict):
    method: Literal["balanced", "least_waste", "offcuts_first", "fewest_setups", "bundle"]
    """The method used."""
    kerf: float
    """The kerf used."""
    tier: str
    """The tier that served the call: `public` for the free tier, else the key's tier."""
    poweredBy: str
    """Attribution text."""
    unit: str
    """The request's `unit`, echoed."""
    unitFormat: Literal["decimal", "fraction"]
    """The request's `unitFormat`, echoed."""
    timeLimit: float
    """The solve budget applied, in seconds: the request's `timeLimit` (or the automatic budget) capped by the tier's budget and by the time the function has left."""


class Meta(_MetaRequired, total=False):
    """About the call."""
    objective: Literal["cost", "material"]
    """What the plan minimised: money or material."""
    requestedTimeLimit: float
    """Present only when the request's `timeLimit` was capped: the value sent, in seconds (`timeLimit` is what was applied)."""


class Health(TypedDict):
    """Health of the service."""
    status: Literal["ok"]
    """`ok` when healthy."""
    version: str
    """Version of the service."""
    solver: str
    """Name of the solver and its LP engine."""


class _ErrorRequired(TypedDict):
    error: Literal["validation", "badKey", "keyRequired", "forbiddenOrigin", "notFound", "methodNotAllowed", "offcutsTaken", "idempotencyInProgress", "partsLimit", "rackFull", "payloadTooLarge", "queryTooLong", "noPlanFound", "idempotencyKeyReused", "rateLimited", "headersTooLarge", "internal", "busy"]
    """A short code; see the status."""
    detail: str
    """What went wrong, naming the offending part, stock, offcut, material or header."""


class Error(_ErrorRequired, total=False):
    """An error."""
    retryAfterSeconds: float
    """429 and 503: seconds to wait before retrying (429: until the limit resets; 503: until a solve slot is likely free). Same as the `Retry-After` header."""
    resetAt: str
    """429 only: when the limit resets (ISO 8601, UTC)."""


class UsageWindows(TypedDict):
    window: str
    """The window: `month` (calendar month, UTC), `hour`, `minute`, or `<n> seconds` for another length."""
    limit: int
    used: int
    remaining: int
    resetAt: str


class UsageMonth(TypedDict):
    """The calendar month (UTC) so far."""
    used: int
    """Calls counted and answered."""
    refunded: Union[int, None]
    """Calls admitted, then refunded; null for the public tier (not kept per IP)."""


class Usage(TypedDict):
    tier: Literal["public", "starter", "pro", "scale"]
    windows: List[UsageWindows]
    """Every counting window of the tier, the longest first."""
    month: UsageMonth
    """The calendar month (UTC) so far."""


class JobProgress(TypedDict):
    """While running: where the solve stands, written every few seconds; null before."""
    elapsedMs: float
    """Time the solve has run."""
    budgetMs: float
    """Its budget."""
    best: Union[float, None]
    """The best plan's value so far (in `unit`), null before the first."""
    bound: Union[float, None]
    """The proven bound so far (in `unit`), null before the first."""
    unit: str
    """What best and bound count (`bars`, or a cost)."""


class JobError(TypedDict, total=False):
    """Once failed: why, as an error body (`noPlanFound`, `validation`, `internal`, …)."""
    error: str
    detail: str


class _JobDeliveriesRequired(TypedDict):
    attempt: int
    at: str
    status: Union[int, None]
    """The receiver's HTTP status; null when none."""


class JobDeliveries(_JobDeliveriesRequired, total=False):
    error: str
    nextAttemptAt: str


class _JobRequired(TypedDict):
    id: str
    """The job id (`job_…`)."""
    status: Literal["queued", "running", "succeeded", "failed", "cancelled"]
    """`queued` until a worker takes it (at most 15 minutes, else it fails), `running` while it solves, then `succeeded`, `failed` or `cancelled`."""
    createdAt: Union[str, None]
    """When it was accepted."""
    progress: Union[JobProgress, None]
    """While running: where the solve stands, written every few seconds; null before."""
    result: Union[OptimiseResponse, None]
    """Once succeeded (on GET /v1/jobs/{id} only): the optimise response body; its plan is stored (`plan.id`), so GET /v1/plans/{id}/pdf, /labels and /csv render it without solving again."""
    error: Union[JobError, None]
    """Once failed: why, as an error body (`noPlanFound`, `validation`, `internal`, …)."""
    deliveries: List[JobDeliveries]
    """Attempts at delivering its webhook, oldest first."""


class Job(_JobRequired, total=False):
    """An async job."""
    startedAt: Union[str, None]
    """When a worker took it."""
    endedAt: Union[str, None]
    """When it ended."""
    expiresAt: Union[str, None]
    """When it is forgotten: 7 days after it was accepted."""
    budgetSeconds: float
    """The solve budget: the request's `timeLimit` capped by the tier, else the automatic 5 s."""
    planId: Union[str, None]
    """The stored plan's id once succeeded."""
    webhook: Union[str, None]
    """Where its end is sent."""
    url: str
    """Its absolute URL (the `Location` of the submission)."""


class WebhookEventData(TypedDict):
    id: str
    """The job id."""
    status: Literal["succeeded", "failed", "cancelled"]
    url: str
    """The job's absolute `GET /v1/jobs/{id}` URL."""


class WebhookEvent(TypedDict):
    """A job ended. Thin on purpose: read the job (its result) at `data.url` with your key. Verify the signature on the raw body before parsing it."""
    type: Literal["job.succeeded", "job.failed", "job.cancelled"]
    data: WebhookEventData
