export interface paths {
    "/v1/offcuts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's offcut rack
         * @description Every key of a workspace shares its rack. Needs a key (401 `keyRequired` without one); not a solve, counted against the tier's rack calls per minute.
         */
        get: operations["listOffcuts"];
        put?: never;
        /**
         * Put offcuts on the rack
         * @description `offcuts` in every form a request's `offcuts` takes (long form, `[length, quantity]`, shorthand), plus `label` and `location` on long-form entries. An entry of the same length, material and hand source adds to its quantity. The rack keeps one unit (default: the rack's, else mm): another is a 400 naming both. Over the tier's rack size: 413 `rackFull`. With `Content-Type: text/csv` (this route only) the body is a CSV file with columns length, quantity, material, label, location (the cut-list CSV rules), and `?unit=` names its unit.
         */
        post: operations["addOffcuts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/offcuts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a rack entry */
        delete: operations["deleteOffcut"];
        options?: never;
        head?: never;
        /**
         * Change a rack entry
         * @description Changes quantity (0 removes the entry: 204), priority, label or location.
         */
        patch: operations["changeOffcut"];
        trace?: never;
    };
    "/v1/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A stored plan
         * @description The plan of a solve with `"offcuts": "rack"`, as it was answered. Plans are kept 14 days, for the workspace that made them.
         */
        get: operations["getPlan"];
        put?: never;
        post?: never;
        /** Forget a stored plan */
        delete: operations["deletePlan"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/cut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book a plan once it is cut
         * @description Takes every offcut the plan used from the rack and racks its remnants of at least minRemnant, all or nothing. A repeat answers the identical body and changes nothing. When an offcut the plan used is gone, 409 `offcutsTaken` names it (`taken`) and the rack is unchanged: optimise again.
         */
        post: operations["bookPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The stored plan as a PDF
         * @description Rendered from the stored job: the same bytes as the file answered when the plan was made.
         */
        get: operations["planPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The stored plan's piece labels
         * @description Rendered from the stored job: the same bytes as the file answered when the plan was made.
         */
        get: operations["planLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The stored plan's saw list
         * @description Rendered from the stored job: the same bytes as the file answered when the plan was made.
         */
        get: operations["planCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's recent jobs
         * @description Newest first, paginated. Never counted.
         */
        get: operations["listJobs"];
        put?: never;
        /**
         * Submit an async job
         * @description The optimise body (plus an optional `webhook`), solved off the connection: answered at once with 202, the job and its `Location`. Needs a key (401 `keyRequired`). Counted once, as a call, and refunded when it ends without a plan; at most the tier's jobs in flight at once per key (429 names the cap). Its input, record and result are stored for the key's workspace for 7 days (DELETE forgets them). An `Idempotency-Key` is honoured as on POST /v1/optimise: a repeat gets the same job.
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An async job
         * @description Its status, progress while running, and once succeeded its result. Poll again after `Retry-After` (2 s) while it is active. Never counted. A job of another workspace is a 404.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a job, or forget an ended one
         * @description An active job is cancelled (its solve stops; it is refunded): 200 with the job. An ended job is forgotten with its input, result and deliveries: 204 (its stored plan stays until deleted or expired). Never counted.
         */
        delete: operations["cancelJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/optimise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Solve a small job sent in the query string
         * @description The query is mapped to a body and read exactly as the POST. Labels, materials and angles on parts need the POST. An unknown or repeated parameter is a 400; an empty value counts as absent.
         */
        get: operations["optimiseQuery"];
        put?: never;
        /**
         * Solve a cut list
         * @description Returns a verified cutting plan with its optimality certificate. Shorthand is expanded first; a shorthand request and its long form return identical plans.
         */
        post: operations["optimise"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/optimise/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Solve a cut list and return a print-ready PDF
         * @description Page 1: purchase order, costs and the optimality certificate; then saw-operator sheets with running cut positions, labels and a tick box per bar. A key's branding is printed.
         */
        post: operations["optimisePdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The MCP tools (Model Context Protocol over Streamable HTTP, stateless)
         * @description One JSON-RPC message of the Model Context Protocol per POST (both the 2025 `initialize` handshake and 2026-07-28 requests; no sessions, so GET answers 405). Tools: `optimise_cut_list` (arguments: the body of POST /v1/optimise; result: the plan as `structuredContent`, its JSON and a summary) and `cutting_plan_pdf` (arguments: the body of POST /v1/optimise/pdf; result: the PDF as an embedded resource). Each `tools/call` of a tool is admitted and counted like an optimise call: its refusals (401, 413, 429, 503) are HTTP statuses with the error body below, and a call that ends in a tool error (a bad argument, whose text is the 400 `detail`) is not counted. Other messages are never counted. An Origin header must be an http(s) origin (403 otherwise); a keyed call must come from one of its key's origins (401). See docs/mcp.md.
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/optimise/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Solve a cut list and return a label per cut piece
         * @description One label per cut piece in saw order (the saw sheets' layout order, bars one after another, pieces from the zero end): job, piece label, length in the request's unit and unitFormat, both angles when mitred, bar, layout, piece and position, and a Code 128 barcode of the piece id `B<bar>P<piece>`. A PDF on A4 sheets of 3 × 8 labels or 100 × 50 mm thermal labels (labelFormat), or ZPL for Zebra printers with `?format=zpl` (100 × 50 mm at 203 dpi; text outside Latin-1 as ^GFA bitmaps). Admitted and counted like the PDF.
         */
        post: operations["optimiseLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/optimise/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Solve a cut list and return the saw list as CSV
         * @description One row per cut, layouts in the saw sheets' order, RFC 4180 with CRLF line ends. Columns: layout, copies, cut, position, top, bottom, piece, label, material, length, leftAngle, rightAngle, remnant, source, barLength, note (more may be added at the end). Positions are from the bar's zero end, exactly as on the saw sheet: `position` for a square cut, `top` and `bottom` for a mitre. Cells starting with `=`, `+`, `-` or `@` get a leading apostrophe. `?separator=semicolon` writes `;`, decimal commas and a UTF-8 byte-order mark, for Excel in most of Europe.
         */
        post: operations["optimiseCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the caller stands: every window of its tier and its month
         * @description Never counted. With a key: the key's tier, its windows and its calendar month (UTC): `used`, calls counted and answered, and `refunded`, calls admitted then refunded (failed or without a plan). Without a key: the public tier's windows for the caller's IP address; `month.used` is the IP's monthly counter and `refunded` is null (not kept per IP).
         */
        get: operations["usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health and version
         * @description Needs no key; never counted.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description Public, cacheable for an hour, never counted.
         */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The playground page
         * @description A web page to paste a cut list and see, print and download the plan. Opened with the query of GET /v1/optimise (`/?parts=2400x4,1150x6&stock=6000&kerf=3`) it solves at once. Public, cacheable, never counted.
         */
        get: operations["playground"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    jobEnded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A job ended (sent to the job’s webhook URL)
         * @description Standard Webhooks: `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 part of the key’s `whsec_` secret (`cutplan keys webhook-secret`). During a secret rotation it holds two signatures, space-separated. Refuse a timestamp more than 5 minutes from your clock.
         *
         *     Answer 2xx within 10 s. Anything else (no answer, a redirect, 4xx, 5xx) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; the same `webhook-id` on every attempt.
         */
        post: operations["jobEnded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Shorthand text: comma-separated `LENGTH` or `LENGTHxQUANTITY` entries (`x`, `X` or `×`), plain decimals (no sign, no exponent; the point is the decimal separator), spaces allowed around numbers. Ranges are those of the long form (a quantity must be a whole number ≥ 1).
         * @example 2400x5, 1800x3, 1200
         */
        ShorthandList: string;
        Part: {
            /** @description Length of the part (> 0, at most 10000000, at most 6 decimals). */
            length: number;
            /** @description How many pieces of this length, a whole number ≥ 1. More pieces than the tier allows is 413 partsLimit; no tier takes more than 100000 on one line or 1000000 in a request. */
            quantity: number;
            label?: string | null;
            material?: string | null;
            leftAngle?: number | null;
            rightAngle?: number | null;
        };
        /** @description Array form [length, quantity, label]; only the length is required. A bare length means quantity 1. */
        PartTuple: [
            number,
            number?,
            (string | null)?
        ];
        /** @description The parts needed. The long form is an array of objects; shorthand forms can be mixed: a shorthand string (a bare length means quantity 1, e.g. "2400x5, 1800x3"), or an array of strings, [length, quantity, label] arrays and objects. Entries are numbered after expansion; that number is the entry's index in the response. */
        PartList: components["schemas"]["ShorthandList"] | (components["schemas"]["ShorthandList"] | components["schemas"]["PartTuple"] | components["schemas"]["Part"])[];
        Stock: {
            /** @description Purchasable bar length (> 0, at most 10000000, at most 6 decimals). */
            length: number;
            quantity?: number | null;
            price?: number | null;
            material?: string | null;
            priority?: boolean | null;
            bundleSize?: number | null;
        };
        /** @description Array form [length, quantity, price]; only the length is required. A bare length means unlimited. */
        StockTuple: [
            number,
            (number | null)?,
            (number | null)?
        ];
        /** @description Purchasable stock lengths. The long form is an array of objects; shorthand forms can be mixed: a shorthand string (a bare length means unlimited, e.g. "6000x10, 5000"), or an array of strings, [length, quantity, price] arrays and objects. Entries are numbered after expansion; that number is the entry's index in the response. */
        StockList: components["schemas"]["ShorthandList"] | (components["schemas"]["ShorthandList"] | components["schemas"]["StockTuple"] | components["schemas"]["Stock"])[];
        Offcut: {
            /** @description Length of the owned piece (> 0, at most 10000000, at most 6 decimals). */
            length: number;
            /** @description How many of them are owned. */
            quantity: number;
            material?: string | null;
            priority?: boolean | null;
        };
        /** @description Array form [length, quantity]; only the length is required. A bare length means quantity 1. */
        OffcutTuple: [
            number,
            number?
        ];
        /** @description Lengths already owned: free material, never counted as purchases. The long form is an array of objects; shorthand forms can be mixed: a shorthand string (a bare length means quantity 1, e.g. "2500x2, 1200"), or an array of strings, [length, quantity] arrays and objects. Entries are numbered after expansion; that number is the entry's index in the response. */
        OffcutList: components["schemas"]["ShorthandList"] | (components["schemas"]["ShorthandList"] | components["schemas"]["OffcutTuple"] | components["schemas"]["Offcut"])[];
        AngleCuts: {
            /** @description Master switch: angles on parts are accepted only when true. When on, the plan is computed to a tenth of the finest unit the lengths use, so its positions, remnants and waste may carry one decimal more than the lengths sent. */
            enabled: boolean;
            width?: number | null;
            axialSymmetry?: ("none" | "X" | "Y" | "Z" | "XYZ") | null;
        };
        /** @description An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. */
        OptimiseRequest: {
            parts: components["schemas"]["PartList"];
            /** @description Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`. */
            stock?: number | components["schemas"]["StockList"] | null;
            stocks?: components["schemas"]["StockList"] | null;
            /** @description The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`). */
            offcuts?: components["schemas"]["OffcutList"] | "rack" | null;
            angleCuts?: components["schemas"]["AngleCuts"] | null;
            stockLength?: number | null;
            kerf?: number | null;
            trim?: boolean | null;
            method?: ("balanced" | "least_waste" | "offcuts_first" | "fewest_setups" | "bundle") | null;
            minRemnant?: number | null;
            unit?: string | null;
            unitFormat?: ("decimal" | "fraction") | null;
            timeLimit?: number | null;
        };
        /** @description An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. Like every file route, the plan PDF also takes jobName, paper and labelFormat (the same job file goes to the PDF, the labels and the saw list); it uses those it prints. */
        PdfRequest: {
            parts: components["schemas"]["PartList"];
            /** @description Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`. */
            stock?: number | components["schemas"]["StockList"] | null;
            stocks?: components["schemas"]["StockList"] | null;
            /** @description The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`). */
            offcuts?: components["schemas"]["OffcutList"] | "rack" | null;
            angleCuts?: components["schemas"]["AngleCuts"] | null;
            stockLength?: number | null;
            kerf?: number | null;
            trim?: boolean | null;
            method?: ("balanced" | "least_waste" | "offcuts_first" | "fewest_setups" | "bundle") | null;
            minRemnant?: number | null;
            unit?: string | null;
            unitFormat?: ("decimal" | "fraction") | null;
            timeLimit?: number | null;
            jobName?: string | null;
            paper?: ("A4" | "Letter") | null;
            labelFormat?: ("a4-3x8" | "thermal-100x50") | null;
        };
        /** @description An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. Like every file route, the labels route also takes jobName, paper and labelFormat (the same job file goes to the PDF, the labels and the saw list); it uses those it prints. */
        LabelsRequest: {
            parts: components["schemas"]["PartList"];
            /** @description Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`. */
            stock?: number | components["schemas"]["StockList"] | null;
            stocks?: components["schemas"]["StockList"] | null;
            /** @description The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`). */
            offcuts?: components["schemas"]["OffcutList"] | "rack" | null;
            angleCuts?: components["schemas"]["AngleCuts"] | null;
            stockLength?: number | null;
            kerf?: number | null;
            trim?: boolean | null;
            method?: ("balanced" | "least_waste" | "offcuts_first" | "fewest_setups" | "bundle") | null;
            minRemnant?: number | null;
            unit?: string | null;
            unitFormat?: ("decimal" | "fraction") | null;
            timeLimit?: number | null;
            jobName?: string | null;
            paper?: ("A4" | "Letter") | null;
            labelFormat?: ("a4-3x8" | "thermal-100x50") | null;
        };
        /** @description An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. Like every file route, the saw list also takes jobName, paper and labelFormat (the same job file goes to the PDF, the labels and the saw list); it uses those it prints. */
        SawListRequest: {
            parts: components["schemas"]["PartList"];
            /** @description Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`. */
            stock?: number | components["schemas"]["StockList"] | null;
            stocks?: components["schemas"]["StockList"] | null;
            /** @description The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`). */
            offcuts?: components["schemas"]["OffcutList"] | "rack" | null;
            angleCuts?: components["schemas"]["AngleCuts"] | null;
            stockLength?: number | null;
            kerf?: number | null;
            trim?: boolean | null;
            method?: ("balanced" | "least_waste" | "offcuts_first" | "fewest_setups" | "bundle") | null;
            minRemnant?: number | null;
            unit?: string | null;
            unitFormat?: ("decimal" | "fraction") | null;
            timeLimit?: number | null;
            jobName?: string | null;
            paper?: ("A4" | "Letter") | null;
            labelFormat?: ("a4-3x8" | "thermal-100x50") | null;
        };
        /** @description An optimise request. Send exactly one of stockLength, stocks and stock, or only offcuts. null is the same as leaving a field out. As an async job it may also name a `webhook`. */
        JobRequest: {
            parts: components["schemas"]["PartList"];
            /** @description Shorthand for the supply: a number is `stockLength` (that length, as many bars as needed); a string or a list is `stocks`. */
            stock?: number | components["schemas"]["StockList"] | null;
            stocks?: components["schemas"]["StockList"] | null;
            /** @description The owned offcuts, or `"rack"` (with a key and minRemnant): the workspace rack's entries of the job's materials at this moment; the plan is then stored (`plan.id`) and each offcut bar names its entry (`usedComb.rackId`). */
            offcuts?: components["schemas"]["OffcutList"] | "rack" | null;
            angleCuts?: components["schemas"]["AngleCuts"] | null;
            stockLength?: number | null;
            kerf?: number | null;
            trim?: boolean | null;
            method?: ("balanced" | "least_waste" | "offcuts_first" | "fewest_setups" | "bundle") | null;
            minRemnant?: number | null;
            unit?: string | null;
            unitFormat?: ("decimal" | "fraction") | null;
            timeLimit?: number | null;
            /** @description Where to POST the job's end (a Standard Webhooks message signed with the key's webhook secret: `cutplan keys webhook-secret <keyId>`). Deployed: https, to a public address only (checked at submission and before every attempt); locally any http(s) URL. */
            webhook?: string | null;
        };
        /** @description A verified cutting plan. */
        OptimiseResponse: {
            plan: components["schemas"]["Plan"];
            stats: components["schemas"]["Stats"];
            /** @description Provable minimum cost; null when no prices were supplied. */
            costLowerBound: number | null;
            meta: components["schemas"]["Meta"];
        };
        /** @description The cutting plan. */
        Plan: {
            /** @description One entry per distinct layout. */
            combinations: components["schemas"]["Combination"][];
            /** @description The shopping list. */
            purchases: components["schemas"]["Purchase"][];
            /** @description Leftovers ≥ `minRemnant`, largest first. */
            usableRemnants: components["schemas"]["Leftover"][];
            /** @description Offcuts the plan did not need, largest first. */
            unusedOffcuts: components["schemas"]["Leftover"][];
            /** @description Total bars to purchase. */
            stockBarsUsed: number;
            /** @description Provable minimum number of bars (a relaxation; may be loose). */
            stockBarsLowerBound: number;
            /** @description Total waste of the plan. */
            totalWaste: number;
            /** @description True only when it is proven that no better plan exists (exhaustive search or a met floor). */
            optimal: boolean;
            /** @description Always true on success: the plan was re-checked against the request. */
            verified: boolean;
            /** @description Solve time in milliseconds. */
            solveTimeMs: number;
            /** @description `"offcuts": "rack"` only: the id the plan is stored under (`GET /v1/plans/{id}`, `POST /v1/plans/{id}/cut`). */
            id?: string;
        };
        /** @description A layout and how many bars it is used on. */
        Combination: {
            usedComb: components["schemas"]["UsedComb"];
            /** @description How many bars are cut this way. */
            count: number;
        };
        /** @description One distinct layout: what is cut from one bar. */
        UsedComb: {
            /** @description Part lengths cut from the bar, in cut order. */
            combination: number[];
            /** @description Length of the source bar. */
            length: number;
            /**
             * @description Whether the bar is bought stock or an owned offcut.
             * @enum {string}
             */
            source: "stock" | "offcut";
            /** @description Index of the source entry in the request's `stocks` (a `stockLength` is entry 0) or `offcuts`. */
            sourceIndex: number;
            waste: components["schemas"]["Waste"];
            /** @description Material group of the item; absent for untagged items. */
            material?: string;
            /** @description The pieces in cut order. */
            parts: components["schemas"]["PlacedPart"][];
            /** @description Every saw cut, from the zero end. */
            cutPositions: components["schemas"]["CutPosition"][];
            /** @description Method `bundle`: how many of these bars came off a full bundle. */
            bundleBars?: number;
            /** @description `"offcuts": "rack"` only: the id of the rack entry this offcut bar comes from (`GET /v1/offcuts`). */
            rackId?: string;
        };
        /** @description A piece in a layout, in cut order from the bar's zero end. */
        PlacedPart: {
            /** @description Index of the part in the request's `parts` (after shorthand expansion). */
            part: number;
            /** @description Length of the piece. */
            length: number;
            /** @description The part's label, when it has one. */
            label?: string;
            /**
             * @description Angle mode: the turn applied to the piece as entered (`none`, or 180° about the X, Y or Z axis).
             * @enum {string}
             */
            orientation?: "none" | "X" | "Y" | "Z";
            /** @description Angle mode: the bottom angle of the left end as placed (after the turn), 10 to 170; null when square. */
            leftAngle?: number | null;
            /** @description Angle mode: the bottom angle of the right end as placed (after the turn), 10 to 170; null when square. */
            rightAngle?: number | null;
        };
        /** @description A saw cut measured from the bar's zero end: one number when square, `[top, bottom]` when angled. */
        CutPosition: number | [
            number,
            number
        ];
        /** @description Waste of one bar. */
        Waste: {
            /** @description Source length minus the parts cut from it: saw + remnant. */
            total: number;
            /** @description The leftover end after the last cut. */
            remnant: number;
            /** @description Material the blade removed: kerf between pieces, trim, and the cut that frees the leftover. */
            saw: number;
        };
        /** @description One line of the shopping list. */
        Purchase: {
            /** @description Index of the stock entry in the request's `stocks` (a `stockLength` is entry 0). */
            stock: number;
            /** @description Bar length to buy. */
            length: number;
            /** @description Bars to buy. */
            count: number;
            /** @description Price per bar, when the stocks carry prices. */
            price?: number;
            /** @description count × price, when the stocks carry prices. */
            cost?: number;
            /** @description Material group of the item; absent for untagged items. */
            material?: string;
        };
        /** @description A usable remnant or an unused offcut. */
        Leftover: {
            /** @description Length. */
            length: number;
            /** @description How many. */
            count: number;
            /** @description Material group of the item; absent for untagged items. */
            material?: string;
        };
        /** @description Job statistics. */
        Stats: {
            /** @description Pieces cut (sum of quantities). */
            totalParts: number;
            /** @description Total length of the pieces. */
            totalPartsLength: number;
            /** @description Total length of the sources used. */
            totalUsedLength: number;
            /** @description totalPartsLength / totalUsedLength × 100. */
            yieldPercent: number;
            /** @description Saw cuts over the whole plan. */
            cutCount: number;
            /** @description Distinct layouts. */
            layoutCount: number;
            /** @description Cost of the purchases; null without prices. */
            totalCost: number | null;
            /** @description Waste that is not a usable remnant. */
            trueWaste: number;
            /** @description Saw stop settings: how often the length stop moves when the plan is cut in the saw sheet's order, with stops at the cut positions from the bar's zero end (one per cut of a layout; the next layout of the same material, source and length keeps the stops of the leading cuts it shares). See docs/api.md, Saw stops. */
            sawStops?: number;
            /** @description Per material group, when material groups are used; the untagged group's key is "". */
            byMaterial?: {
                [key: string]: components["schemas"]["MaterialStats"];
            };
            /** @description Method `bundle`: purchased bars cut in full bundles. */
            fullBundleBars?: number;
            /** @description Method `bundle`: purchased bars not in a full bundle (offcut bars count in neither). */
            singleBars?: number;
            /** @description Method `bundle`: fullBundleBars / stockBarsUsed, rounded half up to 4 decimals; 0 when nothing is bought. */
            bundleEfficiency?: number;
            /** @description Saw setups: distinct patterns (source length and piece lengths in cut order; with angle cuts each piece also with its end angles as placed) per material group, summed; labels, turns giving the same angles and the stock entry do not make a new setup, so setups ≤ layoutCount. */
            setups?: number;
            /** @description Methods `fewest_setups` and `bundle`: a proven lower bound on the setups of any plan of this cost. */
            setupsLowerBound?: number;
            /** @description Methods `fewest_setups` and `bundle`: true when setups meet setupsLowerBound. */
            setupsOptimal?: boolean;
        };
        /** @description The statistics of one material group. */
        MaterialStats: {
            /** @description Pieces cut (sum of quantities). */
            totalParts: number;
            /** @description Total length of the pieces. */
            totalPartsLength: number;
            /** @description Total length of the sources used. */
            totalUsedLength: number;
            /** @description totalPartsLength / totalUsedLength × 100. */
            yieldPercent: number;
            /** @description Saw cuts over the whole plan. */
            cutCount: number;
            /** @description Distinct layouts. */
            layoutCount: number;
            /** @description Cost of the purchases; null without prices. */
            totalCost: number | null;
            /** @description Waste that is not a usable remnant. */
            trueWaste: number;
            /** @description Saw stop settings: how often the length stop moves when the plan is cut in the saw sheet's order, with stops at the cut positions from the bar's zero end (one per cut of a layout; the next layout of the same material, source and length keeps the stops of the leading cuts it shares). See docs/api.md, Saw stops. */
            sawStops?: number;
            /** @description Bars to purchase for this material. */
            stockBarsUsed: number;
            /** @description Distinct saw setups of this material group. */
            setups?: number;
        };
        /** @description About the call. */
        Meta: {
            /**
             * @description The method used.
             * @enum {string}
             */
            method: "balanced" | "least_waste" | "offcuts_first" | "fewest_setups" | "bundle";
            /** @description The kerf used. */
            kerf: number;
            /** @description The tier that served the call: `public` for the free tier, else the key's tier. */
            tier: string;
            /** @description Attribution text. */
            poweredBy: string;
            /** @description The request's `unit`, echoed. */
            unit: string;
            /**
             * @description The request's `unitFormat`, echoed.
             * @enum {string}
             */
            unitFormat: "decimal" | "fraction";
            /**
             * @description What the plan minimised: money or material.
             * @enum {string}
             */
            objective?: "cost" | "material";
            /** @description The solve budget applied, in seconds: the request's `timeLimit` (or the automatic budget) capped by the tier's budget and by the time the function has left. */
            timeLimit: number;
            /** @description Present only when the request's `timeLimit` was capped: the value sent, in seconds (`timeLimit` is what was applied). */
            requestedTimeLimit?: number;
        };
        /** @description Health of the service. */
        Health: {
            /**
             * @description `ok` when healthy.
             * @constant
             */
            status: "ok";
            /** @description Version of the service. */
            version: string;
            /** @description Name of the solver and its LP engine. */
            solver: string;
        };
        /** @description An error. */
        Error: {
            /**
             * @description A short code; see the status.
             * @enum {string}
             */
            error: "validation" | "badKey" | "keyRequired" | "forbiddenOrigin" | "notFound" | "methodNotAllowed" | "offcutsTaken" | "idempotencyInProgress" | "partsLimit" | "rackFull" | "payloadTooLarge" | "queryTooLong" | "noPlanFound" | "idempotencyKeyReused" | "rateLimited" | "headersTooLarge" | "internal" | "busy";
            /** @description What went wrong, naming the offending part, stock, offcut, material or header. */
            detail: string;
            /** @description 429 and 503: seconds to wait before retrying (429: until the limit resets; 503: until a solve slot is likely free). Same as the `Retry-After` header. */
            retryAfterSeconds?: number;
            /**
             * Format: date-time
             * @description 429 only: when the limit resets (ISO 8601, UTC).
             */
            resetAt?: string;
        };
        Usage: {
            /** @enum {string} */
            tier: "public" | "starter" | "pro" | "scale";
            /** @description Every counting window of the tier, the longest first. */
            windows: {
                /**
                 * @description The window: `month` (calendar month, UTC), `hour`, `minute`, or `<n> seconds` for another length.
                 * @example month
                 * @example hour
                 * @example minute
                 */
                window: string;
                limit: number;
                used: number;
                remaining: number;
                /** Format: date-time */
                resetAt: string;
            }[];
            /** @description The calendar month (UTC) so far. */
            month: {
                /** @description Calls counted and answered. */
                used: number;
                /** @description Calls admitted, then refunded; null for the public tier (not kept per IP). */
                refunded: number | null;
            };
        };
        /** @description An async job. */
        Job: {
            /** @description The job id (`job_…`). */
            id: string;
            /**
             * @description `queued` until a worker takes it (at most 15 minutes, else it fails), `running` while it solves, then `succeeded`, `failed` or `cancelled`.
             * @enum {string}
             */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            /**
             * Format: date-time
             * @description When it was accepted.
             */
            createdAt: string | null;
            /**
             * Format: date-time
             * @description When a worker took it.
             */
            startedAt?: string | null;
            /**
             * Format: date-time
             * @description When it ended.
             */
            endedAt?: string | null;
            /**
             * Format: date-time
             * @description When it is forgotten: 7 days after it was accepted.
             */
            expiresAt?: string | null;
            /** @description The solve budget: the request's `timeLimit` capped by the tier, else the automatic 5 s. */
            budgetSeconds?: number;
            /** @description While running: where the solve stands, written every few seconds; null before. */
            progress: {
                /** @description Time the solve has run. */
                elapsedMs: number;
                /** @description Its budget. */
                budgetMs: number;
                /** @description The best plan's value so far (in `unit`), null before the first. */
                best: number | null;
                /** @description The proven bound so far (in `unit`), null before the first. */
                bound: number | null;
                /** @description What best and bound count (`bars`, or a cost). */
                unit: string;
            } | null;
            /** @description Once succeeded (on GET /v1/jobs/{id} only): the optimise response body; its plan is stored (`plan.id`), so GET /v1/plans/{id}/pdf, /labels and /csv render it without solving again. */
            result: components["schemas"]["OptimiseResponse"] | null;
            /** @description Once failed: why, as an error body (`noPlanFound`, `validation`, `internal`, …). */
            error: {
                error?: string;
                detail?: string;
            } | null;
            /** @description The stored plan's id once succeeded. */
            planId?: string | null;
            /** @description Where its end is sent. */
            webhook?: string | null;
            /** @description Attempts at delivering its webhook, oldest first. */
            deliveries: {
                attempt: number;
                /** Format: date-time */
                at: string;
                /** @description The receiver's HTTP status; null when none. */
                status: number | null;
                error?: string;
                /** Format: date-time */
                nextAttemptAt?: string;
            }[];
            /** @description Its absolute URL (the `Location` of the submission). */
            url?: string;
        };
        /** @description A job ended. Thin on purpose: read the job (its result) at `data.url` with your key. Verify the signature on the raw body before parsing it. */
        WebhookEvent: {
            /** @enum {string} */
            type: "job.succeeded" | "job.failed" | "job.cancelled";
            data: {
                /** @description The job id. */
                id: string;
                /** @enum {string} */
                status: "succeeded" | "failed" | "cancelled";
                /**
                 * Format: uri
                 * @description The job's absolute `GET /v1/jobs/{id}` URL.
                 */
                url: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Id of this request (on every response); quote it when reporting a problem. */
        "X-Request-Id": string;
        /** @description Calls allowed in the binding window (the one with the fewest calls left). */
        "X-RateLimit-Limit": number;
        /** @description Calls left in the binding window. */
        "X-RateLimit-Remaining": number;
        /** @description When the binding window resets, in epoch seconds (UTC). */
        "X-RateLimit-Reset": number;
        /** @description Every window of the tier, as draft-ietf-httpapi-ratelimit-headers names them: `"<window>";q=<calls>;w=<seconds>` per window (`"month";q=250;w=2678400, "hour";q=30;w=3600` for the public tier, `"minute";q=60;w=60` for pro). */
        "RateLimit-Policy": string;
        /** @description Where the caller stands in each window after this call: `"<window>";r=<calls left>;t=<seconds to reset>`, in the order of `RateLimit-Policy`. */
        RateLimit: string;
        /** @description Seconds to wait before retrying (409, 429, 503). */
        "Retry-After": number;
        /** @description `true` on the stored answer of an earlier call with the same `Idempotency-Key` (not counted again); absent otherwise. */
        "Idempotent-Replayed": "true";
        /** @description The solve budget applied, in seconds (a file's `meta.timeLimit`): the request's `timeLimit`, or the automatic 5 s, capped by the tier, the route and the time the function had left. */
        "X-Time-Limit": number;
        /** @description `POST /v1/jobs`: the job's absolute URL (behind the caller's host and stage prefix). */
        Location: string;
        /** @description The stored plan (`"offcuts": "rack"` only): GET /v1/plans/{id}, POST /v1/plans/{id}/cut. */
        "X-Plan-Id": string;
        /** @description The request's `timeLimit`, sent only when the budget applied (`X-Time-Limit`) is less (a file's `meta.requestedTimeLimit`). */
        "X-Requested-Time-Limit": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listOffcuts: {
        parameters: {
            query?: {
                /** @description Only entries of this material. */
                material?: string;
                /** @description `true`: only untagged entries. */
                untagged?: "true";
                /** @description Entries per page, 1 to 500 (default 100). */
                pageSize?: number;
                /** @description The previous page's nextPageToken. */
                pageToken?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the rack. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The rack's unit; null while it has never held an entry. */
                        unit: string | null;
                        offcuts: {
                            /** @description The entry id (`oc_…`), named by `usedComb.rackId`. */
                            id: string;
                            /** @description Length, in the rack's unit. */
                            length: number;
                            /** @description Pieces on the rack. */
                            quantity: number;
                            /** @description Material tag; null when untagged. */
                            material: string | null;
                            /** @description Use first among equally good plans. */
                            priority: boolean;
                            /** @description A name for the piece (rack only). */
                            label: string | null;
                            /** @description Where it lies in the shop (rack only). */
                            location: string | null;
                            /** @description `hand` (added through POST /v1/offcuts), or the id of the booked plan whose remnant it is. */
                            source: string;
                            /**
                             * Format: date-time
                             * @description When the entry was made.
                             */
                            createdAt: string;
                        }[];
                        /** @description Send as pageToken for the next page; null at the end. */
                        nextPageToken: string | null;
                    };
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addOffcuts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters, unique per logical call (a UUID), so a call retried after a lost connection changes the rack once. The answer (a 200; for a booking also a 409 `offcutsTaken`) is stored for 24 hours for the key's workspace with a fingerprint of the request (route, plan id, body, Content-Type); a repeat gets it again with `Idempotent-Replayed: true`, uncounted, even when the rack window is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals before the change (400, 401, 404, 413, 429, 503, 500) store nothing. Without the header nothing is stored. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The offcuts, as a request's offcuts (plus label and location). */
                    offcuts: unknown;
                    /** @description The offcuts' unit; must be the rack's. */
                    unit?: string;
                };
                "text/csv": string;
            };
        };
        responses: {
            /** @description The entries made or added to. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        unit: string;
                        offcuts: {
                            /** @description The entry id (`oc_…`), named by `usedComb.rackId`. */
                            id: string;
                            /** @description Length, in the rack's unit. */
                            length: number;
                            /** @description Pieces on the rack. */
                            quantity: number;
                            /** @description Material tag; null when untagged. */
                            material: string | null;
                            /** @description Use first among equally good plans. */
                            priority: boolean;
                            /** @description A name for the piece (rack only). */
                            label: string | null;
                            /** @description Where it lies in the shop (rack only). */
                            location: string | null;
                            /** @description `hand` (added through POST /v1/offcuts), or the id of the booked plan whose remnant it is. */
                            source: string;
                            /**
                             * Format: date-time
                             * @description When the entry was made.
                             */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyInProgress`: A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. `rackFull`: The offcut rack would hold more entries than the tier's cap; `cap` says how many. Delete or book entries first. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyKeyReused`: This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOffcut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The entry id (`oc_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeOffcut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The entry id (`oc_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    quantity?: number;
                    priority?: boolean;
                    label?: string | null;
                    location?: string | null;
                };
            };
        };
        responses: {
            /** @description The entry as changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The entry id (`oc_…`), named by `usedComb.rackId`. */
                        id: string;
                        /** @description Length, in the rack's unit. */
                        length: number;
                        /** @description Pieces on the rack. */
                        quantity: number;
                        /** @description Material tag; null when untagged. */
                        material: string | null;
                        /** @description Use first among equally good plans. */
                        priority: boolean;
                        /** @description A name for the piece (rack only). */
                        label: string | null;
                        /** @description Where it lies in the shop (rack only). */
                        location: string | null;
                        /** @description `hand` (added through POST /v1/offcuts), or the id of the booked plan whose remnant it is. */
                        source: string;
                        /**
                         * Format: date-time
                         * @description When the entry was made.
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Quantity 0: the entry is removed. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan id (`plan.id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A verified plan. A solve still running 20 s after admission commits this 200 early and sends spaces (JSON whitespace) every 15 s before the body; a failure decided after that arrives in place of the plan as a late failure: the error object with `status`, the HTTP status it would have had (`{"error": "noPlanFound", "detail": "…", "status": 422}`). Read a 200 whose object has `error` and a numeric `status` as that error. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptimiseResponse"];
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan id (`plan.id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Forgotten. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bookPlan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters, unique per logical call (a UUID), so a call retried after a lost connection changes the rack once. The answer (a 200; for a booking also a 409 `offcutsTaken`) is stored for 24 hours for the key's workspace with a fingerprint of the request (route, plan id, body, Content-Type); a repeat gets it again with `Idempotent-Replayed: true`, uncounted, even when the rack window is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals before the change (400, 401, 404, 413, 429, 503, 500) store nothing. Without the header nothing is stored. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The plan id (`plan.id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking record. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        planId: string;
                        /** Format: date-time */
                        bookedAt: string;
                        unit: string;
                        /** @description Offcuts taken from the rack. */
                        taken: {
                            /** @description The rack entry. */
                            id: string;
                            length: number;
                            quantity: number;
                            material: string | null;
                        }[];
                        /** @description The plan's remnants of at least minRemnant, put on the rack (source: the plan). */
                        racked: {
                            /** @description The rack entry. */
                            id: string;
                            length: number;
                            quantity: number;
                            material: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `offcutsTaken`: `POST /v1/plans/{id}/cut`: offcuts the plan uses are gone from the rack (another booking took them, or they were edited away); `taken` lists their ids. The rack is unchanged: optimise again. `idempotencyInProgress`: A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. `rackFull`: The offcut rack would hold more entries than the tier's cap; `cap` says how many. Delete or book entries first. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyKeyReused`: This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    planPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The plan id (`plan.id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file; `X-Plan-Id` names the plan. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Plan-Id": components["headers"]["X-Plan-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    planLabels: {
        parameters: {
            query?: {
                /** @description `pdf` (default) or `zpl`. */
                format?: "pdf" | "zpl";
            };
            header?: never;
            path: {
                /** @description The plan id (`plan.id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file; `X-Plan-Id` names the plan. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Plan-Id": components["headers"]["X-Plan-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zpl": string;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    planCsv: {
        parameters: {
            query?: {
                /** @description `comma` (default) or `semicolon`. */
                separator?: "comma" | "semicolon";
            };
            header?: never;
            path: {
                /** @description The plan id (`plan.id`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file; `X-Plan-Id` names the plan. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Plan-Id": components["headers"]["X-Plan-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description Jobs per page, 1 to 100 (default 20). */
                limit?: number;
                /** @description The previous page's `nextCursor`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of jobs. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first; `result` is null here. */
                        jobs: components["schemas"]["Job"][];
                        /** @description Send as `cursor` for the next page; null at the end. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters, unique per logical call (a UUID). The outcome (a 200, or a 422 `noPlanFound`) is stored for 24 hours for this caller (key workspace, or IP address) with a fingerprint of the request; a repeat gets it again (a file rendered again from the stored plan, byte for byte) with `Idempotent-Replayed: true`, uncounted, even when the limit is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals (400, 401, 413, 429, 503, 500) store nothing. Without the header nothing is stored. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["JobRequest"];
            };
        };
        responses: {
            /** @description Accepted: the job (`queued`); `Location` is its URL. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Location: components["headers"]["Location"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyInProgress`: A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. `partsLimit`: More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyKeyReused`: This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (`job_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id (`job_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description Forgotten. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `notFound`: No such route; `detail` lists the routes. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    optimiseQuery: {
        parameters: {
            query: {
                /**
                 * @description The body field `parts`. Shorthand text, as in the body.
                 * @example 2400x4,1150x6,600x10
                 */
                parts: components["schemas"]["ShorthandList"];
                /**
                 * @description The body field `stock`. Shorthand text, as in the body.
                 * @example 6000
                 */
                stock?: components["schemas"]["ShorthandList"];
                /** @description The body field `offcuts`. Shorthand text, as in the body. */
                offcuts?: components["schemas"]["ShorthandList"];
                /** @description The body field `stockLength`. A number: optional minus sign, digits with optional decimals, optional exponent. */
                stockLength?: string;
                /** @description The body field `kerf`. A number: optional minus sign, digits with optional decimals, optional exponent. */
                kerf?: string;
                /** @description The body field `minRemnant`. A number: optional minus sign, digits with optional decimals, optional exponent. */
                minRemnant?: string;
                /** @description The body field `timeLimit`. A number: optional minus sign, digits with optional decimals, optional exponent. */
                timeLimit?: string;
                /** @description The body field `trim`. `true`, `false`, `1` or `0`. */
                trim?: "true" | "false" | "1" | "0";
                /** @description The body field `method`. The value, as in the body. */
                method?: string;
                /** @description The body field `unit`. The value, as in the body. */
                unit?: string;
                /** @description The body field `unitFormat`. The value, as in the body. */
                unitFormat?: string;
                /** @description The body field `stocks`. JSON text of the body field, e.g. `[{"length": 6000, "quantity": 10, "price": 12.5}]`. */
                stocks?: string;
                /** @description The body field `angleCuts`. JSON text of the body field, e.g. `[{"length": 6000, "quantity": 10, "price": 12.5}]`. */
                angleCuts?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A verified plan. A solve still running 20 s after admission commits this 200 early and sends spaces (JSON whitespace) every 15 s before the body; a failure decided after that arrives in place of the plan as a late failure: the error object with `status`, the HTTP status it would have had (`{"error": "noPlanFound", "detail": "…", "status": 422}`). Read a 200 whose object has `error` and a numeric `status` as that error. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptimiseResponse"];
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `partsLimit`: More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted. `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `queryTooLong`: The query string of `GET /v1/optimise` is over 8 KiB; send the job as a POST body instead. */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `noPlanFound`: Finite stock or offcuts: the search found no plan within the time limit and did not prove that none exists. Not counted; a longer `timeLimit` may find one. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    optimise: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters, unique per logical call (a UUID). The outcome (a 200, or a 422 `noPlanFound`) is stored for 24 hours for this caller (key workspace, or IP address) with a fingerprint of the request; a repeat gets it again (a file rendered again from the stored plan, byte for byte) with `Idempotent-Replayed: true`, uncounted, even when the limit is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals (400, 401, 413, 429, 503, 500) store nothing. Without the header nothing is stored. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OptimiseRequest"];
            };
        };
        responses: {
            /** @description A verified plan. A solve still running 20 s after admission commits this 200 early and sends spaces (JSON whitespace) every 15 s before the body; a failure decided after that arrives in place of the plan as a late failure: the error object with `status`, the HTTP status it would have had (`{"error": "noPlanFound", "detail": "…", "status": 422}`). Read a 200 whose object has `error` and a numeric `status` as that error. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OptimiseResponse"];
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyInProgress`: A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `partsLimit`: More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted. `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `queryTooLong`: The query string of `GET /v1/optimise` is over 8 KiB; send the job as a POST body instead. */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `noPlanFound`: Finite stock or offcuts: the search found no plan within the time limit and did not prove that none exists. Not counted; a longer `timeLimit` may find one. `idempotencyKeyReused`: This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    optimisePdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters, unique per logical call (a UUID). The outcome (a 200, or a 422 `noPlanFound`) is stored for 24 hours for this caller (key workspace, or IP address) with a fingerprint of the request; a repeat gets it again (a file rendered again from the stored plan, byte for byte) with `Idempotent-Replayed: true`, uncounted, even when the limit is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals (400, 401, 413, 429, 503, 500) store nothing. Without the header nothing is stored. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PdfRequest"];
            };
        };
        responses: {
            /** @description The PDF, `Content-Disposition: inline` with a file name from jobName. Its solve is capped at 240 s whatever the tier, so the file is sent whole (nothing may precede `%PDF-`). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Time-Limit": components["headers"]["X-Time-Limit"];
                    "X-Requested-Time-Limit": components["headers"]["X-Requested-Time-Limit"];
                    "X-Plan-Id": components["headers"]["X-Plan-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyInProgress`: A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `partsLimit`: More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted. `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `queryTooLong`: The query string of `GET /v1/optimise` is over 8 KiB; send the job as a POST body instead. */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `noPlanFound`: Finite stock or offcuts: the search found no plan within the time limit and did not prove that none exists. Not counted; a longer `timeLimit` may find one. `idempotencyKeyReused`: This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    jsonrpc: "2.0";
                    id?: string | number;
                    /**
                     * @example initialize
                     * @example tools/list
                     * @example tools/call
                     */
                    method: string;
                    params?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description The JSON-RPC response (a tool error is a result with `isError: true`). A tools/call carries the X-RateLimit headers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        id: string | number | null;
                        result?: Record<string, never>;
                        error?: Record<string, never>;
                    };
                };
            };
            /** @description A notification, accepted. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `forbiddenOrigin`: `POST /v1/mcp` only: the Origin header is not an http(s) origin (the MCP transport refuses it, against DNS rebinding). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `partsLimit`: More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted. `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    optimiseLabels: {
        parameters: {
            query?: {
                /** @description `pdf` (default) or `zpl`. */
                format?: "pdf" | "zpl";
            };
            header?: {
                /** @description Up to 255 printable ASCII characters, unique per logical call (a UUID). The outcome (a 200, or a 422 `noPlanFound`) is stored for 24 hours for this caller (key workspace, or IP address) with a fingerprint of the request; a repeat gets it again (a file rendered again from the stored plan, byte for byte) with `Idempotent-Replayed: true`, uncounted, even when the limit is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals (400, 401, 413, 429, 503, 500) store nothing. Without the header nothing is stored. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabelsRequest"];
            };
        };
        responses: {
            /** @description The labels: a PDF (`inline`) or ZPL text (`attachment`), named after jobName (`labels-<jobName>.pdf|zpl`). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Time-Limit": components["headers"]["X-Time-Limit"];
                    "X-Requested-Time-Limit": components["headers"]["X-Requested-Time-Limit"];
                    "X-Plan-Id": components["headers"]["X-Plan-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zpl": string;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyInProgress`: A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `partsLimit`: More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted. `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `queryTooLong`: The query string of `GET /v1/optimise` is over 8 KiB; send the job as a POST body instead. */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `noPlanFound`: Finite stock or offcuts: the search found no plan within the time limit and did not prove that none exists. Not counted; a longer `timeLimit` may find one. `idempotencyKeyReused`: This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    optimiseCsv: {
        parameters: {
            query?: {
                /** @description `comma` (default) or `semicolon`. */
                separator?: "comma" | "semicolon";
            };
            header?: {
                /** @description Up to 255 printable ASCII characters, unique per logical call (a UUID). The outcome (a 200, or a 422 `noPlanFound`) is stored for 24 hours for this caller (key workspace, or IP address) with a fingerprint of the request; a repeat gets it again (a file rendered again from the stored plan, byte for byte) with `Idempotent-Replayed: true`, uncounted, even when the limit is spent. The same key with another request is 422 `idempotencyKeyReused`; while the first call runs, 409 `idempotencyInProgress` with `Retry-After`. Refusals (400, 401, 413, 429, 503, 500) store nothing. Without the header nothing is stored. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SawListRequest"];
            };
        };
        responses: {
            /** @description The saw list, `Content-Disposition: attachment; filename="saw-list-<jobName>.csv"` (`saw-list.csv` without a jobName). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Time-Limit": components["headers"]["X-Time-Limit"];
                    "X-Requested-Time-Limit": components["headers"]["X-Requested-Time-Limit"];
                    "X-Plan-Id": components["headers"]["X-Plan-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. `keyRequired`: The offcut rack, stored plans and async jobs belong to a workspace: the call needs `X-API-Key` (locally: `npx cutplan keys create --workspace demo --tier pro`). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `methodNotAllowed`: The route exists but not for this method; the `Allow` header lists the methods. */
            405: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotencyInProgress`: A call with the same `Idempotency-Key` (and the same request) is still running; retry after `Retry-After` seconds to get its outcome. Nothing was counted. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `partsLimit`: More parts or distinct part lines than the tier allows, or more pieces than any tier takes (over 100000 on one line or 1000000 in all). `detail` names the part (or `parts`) and the cap. Nothing was counted. `payloadTooLarge`: The body is larger than 1 MiB; or, on a file route, the file the job makes is over the 6 MB a streamed answer carries at full speed (`detail` names its size and the limit). Not counted. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `queryTooLong`: The query string of `GET /v1/optimise` is over 8 KiB; send the job as a POST body instead. */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `noPlanFound`: Finite stock or offcuts: the search found no plan within the time limit and did not prove that none exists. Not counted; a longer `timeLimit` may find one. `idempotencyKeyReused`: This `Idempotency-Key` was used within the last 24 hours for a different request (another route, body, query or Accept/Content-Type). Use a new key for a new request. Nothing was counted. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rateLimited`: Rate limit or monthly cap reached, or (`POST /v1/jobs`) the key's jobs in flight are at the tier's cap. `Retry-After`, `retryAfterSeconds` and `resetAt` say when to retry. Failed calls never count. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    usage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `badKey`: The X-API-Key header is empty, malformed, unknown, disabled or expired, or the browser origin is not on the key's list. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    playground: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `validation`: The request is not valid: bad lengths or quantities, unknown fields or methods, a part that fits no source, demand over finite stock (only with a proof that no plan exists, named in `detail`), broken angle rules, several supplies sent, a body that is not JSON; or a request API Gateway or the local server could not read. `detail` names the offending part, stock, offcut, material or field (up to ten problems). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `headersTooLarge`: The request line and headers are too large to read (the local server refuses over 16 KiB); send the job as a POST body. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal`: A bug, or a plan that failed verification (never returned). `detail` names the request id. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `busy`: The solver is at capacity (or API Gateway throttled the stage); retry after `Retry-After` seconds, which the body repeats as `retryAfterSeconds`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    jobEnded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The message id, the same on every attempt (`msg_<jobId>`).
                 * @example msg_jb_Qm9vZ2llV29vZ2llQm9vZw
                 */
                "webhook-id": string;
                /**
                 * @description The attempt time, whole seconds since the epoch.
                 * @example 1765011600
                 */
                "webhook-timestamp": string;
                /**
                 * @description One `v1,<base64>` per valid secret, space-separated.
                 * @example v1,K0Jc7ujTb1FdPSnRZlJNcZJHlvUVFsFcMq+XH2oxbXk= v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Received (any 2xx ends the retries). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (for example a bad signature); the delivery is retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
