// Opens the built page in Debian's headless Chromium with puppeteer-core and reports what the loading
// screen did, as JSON on stdout.  Driven by tests/test_browser_page.py.
//
//   node tools/browser/drive.mjs '{"url": "http://skat.example.test:PORT/", "lang": "de-DE", "offsite": "abort",
//                                  "holdMs": 1500, "waitMs": 20000, "shots": "build/test-artifacts/x"}'
//
// The page is served under a real-looking host name: Chromium maps the names in `hosts` (default
// skat.example.test and itch.example.test) to 127.0.0.1 and no other name to anything, and request
// interception blocks every other host as a second fence.  Never localhost: pythons.js treats it apart.
// offsite: what a request to any other host gets: "abort" (after holdMs, as a dead connection)
// or "hang" (never an answer, as a blocked CDN that swallows packets).
// viewport: {width, height, deviceScaleFactor} and for a phone or tablet isMobile, hasTouch, isLandscape
// (with userAgent: a mobile browser's, so pythons.js takes the page for a phone's).
// testWindows: {"WIDTHxHEIGHT@DPR": [w, h]}: the window the game (skat.ui.web) chooses for each viewport,
// for the stand-in game (tools/browser/standin-main.js).
// turns: once started, the viewports the page is given next, one after the other (a phone turned, a
// sheet grown): each is reported with a screenshot once the stand-in game has followed it.
// probeMs: also report the loading screen's state that long after the start ("probe").
// clipboard: optional checks of window.skatPage.copy/showLink once the page has started.
// frame: the game page is inside an iframe of the page at url (as on itch.io): check that frame instead.
// secure: treat the page's origin as secure (service workers; Chromium allows them on https only).
// cues: after the first load, for each cue: GET url + cue (the test server acts on it), reload, wait again.
// crash: once started, call skatLoader.crash(crash) as main.py does on an uncaught exception.
// runs: a list of option sets (url, lang, viewport, shots, ...) run one after the other in one browser,
// each in a fresh browser context; the report is then {"runs": [report, ...]}.
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";

const base = JSON.parse(process.argv[2]);
const chromium = base.chromium || "/usr/bin/chromium";
const profile = fs.mkdtempSync(path.join(base.tmp || "/tmp", "skat-chromium-"));
const hosts = base.hosts || ["skat.example.test", "itch.example.test", "skat.test"];

function local(url) {
    const u = new URL(url);
    return u.protocol === "data:" || u.protocol === "blob:" || hosts.includes(u.hostname);
}

const rules = hosts.map((h) => "MAP " + h + " 127.0.0.1").concat(["MAP * ~NOTFOUND"]).join(", ");
const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir: profile,
    env: {...process.env, LANGUAGE: base.lang, LANG: base.lang.replace("-", "_") + ".UTF-8"},
    args: [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-dev-shm-usage",
        "--host-resolver-rules=" + rules, "--lang=" + base.lang, "--accept-lang=" + base.lang,
        ...(base.secure ? ["--unsafely-treat-insecure-origin-as-secure=" + new URL(base.url).origin] : []),
    ],
});

async function drive(options, context) {
    const report = {requests: [], offsite: [], console: [], dialogs: [], shots: [], phases: []};
    const viewport = options.viewport || {width: 1280, height: 720, deviceScaleFactor: 1};
    const origin = new URL(options.url).origin;
    try {
        const page = await context.newPage();
        await page.setViewport(viewport);
        // Headless Chromium ignores the system locale: give the tab the browser language the way a browser
        // set to that language presents it (navigator.language and Accept-Language), through DevTools.
        const devtools = await page.createCDPSession();
        await devtools.send("Emulation.setUserAgentOverride", {userAgent: options.userAgent || await browser.userAgent(),
                                                               acceptLanguage: options.lang});
        await devtools.send("Emulation.setLocaleOverride", {locale: options.lang});
        page.on("console", (msg) => report.console.push(msg.type() + ": " + msg.text()));
        page.on("pageerror", (error) => report.console.push("pageerror: " + error));
        // Every width the loading bar's fill takes and every status line, to show they follow the bytes.
        await page.evaluateOnNewDocument((testWindows) => {
            window.skatBarWidths = [];
            window.skatStatusLines = [];
            window.skatTestWindows = testWindows;
            new MutationObserver((changes) => {
                for (const change of changes) {
                    const target = change.target.nodeType === 1 ? change.target : change.target.parentElement;
                    if (target && target.id === "bar-fill" && target.style.width) {
                        window.skatBarWidths.push(target.style.width);
                    }
                    if (target && target.id === "status" && target.textContent) {
                        window.skatStatusLines.push(target.textContent);
                    }
                }
            }).observe(document, {attributes: true, subtree: true, childList: true, characterData: true});
        }, options.testWindows || {});
        // A real alert() would block the page; record it (the page must never show one to the player).
        page.on("dialog", (dialog) => { report.dialogs.push(dialog.message()); dialog.dismiss(); });
        if (!options.secure) {
            await page.setRequestInterception(true);
            page.on("request", (request) => {
                const url = request.url();
                report.requests.push(url);
                if (local(url)) {
                    request.continue();
                    return;
                }
                report.offsite.push(url);
                if (options.offsite === "hang") {
                    return;  // never answered
                }
                setTimeout(() => request.abort("internetdisconnected").catch(() => {}), options.holdMs || 0);
            });
        } else {
            page.on("request", (request) => {
                report.requests.push(request.url());
                if (!local(request.url())) {
                    report.offsite.push(request.url());
                }
            });
        }
        if (options.grantClipboard) {
            await context.overridePermissions(origin,
                ["clipboard-read", "clipboard-sanitized-write", "clipboard-write"]);
        }

        async function shot(name) {
            const file = options.shots + "-" + name + ".png";
            fs.mkdirSync(path.dirname(file), {recursive: true});
            await page.screenshot({path: file});
            report.shots.push(file);
        }

        let target = page;  // the game page: the tab, or the iframe that holds it

        async function loaderState() {
            return target.evaluate(() => {
                const canvas = document.getElementById("canvas");
                const box = canvas.getBoundingClientRect();
                const failure = document.getElementById("failure");
                const failureBox = failure.getBoundingClientRect();
                return {
                    language: navigator.language,
                    state: window.skatLoader && window.skatLoader.state,
                    failure: window.skatLoader && window.skatLoader.failure,
                    status: (document.getElementById("status") || {}).textContent,
                    failureText: failure.hidden ? "" : failure.innerText,
                    failureBox: failure.hidden ? null : {left: failureBox.left, right: failureBox.right,
                                                         top: failureBox.top, bottom: failureBox.bottom},
                    details: (document.getElementById("failure-details") || {hidden: true}).hidden ? ""
                        : document.getElementById("failure-details").value,
                    transferHidden: document.getElementById("transfer").hidden,
                    indeterminate: document.getElementById("bar").classList.contains("indeterminate"),
                    htmlLang: document.documentElement.lang,
                    standIn: window.standIn ? {state: window.standIn.state, archive: window.standIn.archive,
                                               wheel: window.standIn.wheel, rcon: window.standIn.rcon.length,
                                               told: window.standIn.told, windows: window.standIn.windows,
                                               unknown: window.standIn.unknown, environ: window.standIn.environ,
                                               repo: window.standIn.repo, wheels: window.standIn.wheels} : null,
                    secure: window.isSecureContext,
                    serviceWorker: "serviceWorker" in navigator,
                    clipboard: Boolean(navigator.clipboard),
                    touch: navigator.maxTouchPoints,
                    canvas: {width: canvas.width, height: canvas.height, cssWidth: box.width, cssHeight: box.height,
                             left: box.left, top: box.top},
                    viewport: {width: innerWidth, height: innerHeight, dpr: devicePixelRatio},
                    description: (document.querySelector("meta[name=description]") || {}).content,
                    controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
                };
            });
        }

        async function settle(name) {
            try {
                await target.waitForFunction(
                    () => window.skatLoader && ["failed", "started", "crashed"].includes(window.skatLoader.state),
                    {timeout: options.waitMs || 20000, polling: 100});
            } catch (error) {
                report.waitError = String(error);
            }
            await new Promise((resolve) => setTimeout(resolve, 300));
            const state = await loaderState();
            await shot(name);
            return state;
        }

        const started = Date.now();
        // Not awaited: DOMContentLoaded waits for the deferred runtime scripts, and the loading screen shows before.
        const navigation = page.goto(options.url, {waitUntil: "load", timeout: 0}).catch((error) => {
            report.console.push("navigation: " + error);
        });
        if (options.frame) {
            for (let i = 0; i < 100 && target === page; i++) {
                const frame = page.frames().find((f) => f.url().includes(options.frame));
                if (frame) {
                    target = frame;
                } else {
                    await new Promise((resolve) => setTimeout(resolve, 100));
                }
            }
            report.frameUrl = target.url();
        }
        await target.waitForSelector("#status", {timeout: 10000});
        await new Promise((resolve) => setTimeout(resolve, options.firstShotMs || 300));
        report.loading = await loaderState();
        await shot("loading");
        if (options.probeMs) {
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, options.probeMs - (Date.now() - started))));
            report.probe = await loaderState();
            await shot("probe");
        }
        report.final = await settle("final");
        report.elapsedMs = Date.now() - started;
        if (options.offsite !== "hang") {
            await navigation;
        }
        report.barWidths = await target.evaluate(() => window.skatBarWidths);
        report.statusLines = await target.evaluate(() => window.skatStatusLines);
        report.search = await target.evaluate(() => location.search);

        report.turns = [];
        for (const [i, turn] of (options.turns || []).entries()) {
            if (report.final.state !== "started") {
                break;
            }
            const before = (report.turns.length ? report.turns[report.turns.length - 1] : report.final).standIn.windows.length;
            await page.setViewport(turn);
            await target.waitForFunction((n) => window.standIn.windows.length > n || window.standIn.unknown.length,
                                         {timeout: 5000, polling: 50}, before).catch((e) => report.console.push("turn: " + e));
            await new Promise((resolve) => setTimeout(resolve, 300));
            report.turns.push(await loaderState());
            await shot("turn-" + (i + 1));
        }

        if (options.crash && report.final.state === "started") {
            await target.evaluate((text) => window.skatLoader.crash(text), options.crash);
            await new Promise((resolve) => setTimeout(resolve, 300));
            report.crashed = await loaderState();
            await shot("crash");
        }

        for (const cue of options.cues || []) {
            if (cue === "pause") {
                await new Promise((resolve) => setTimeout(resolve, 2000));
                continue;
            }
            if (cue === "wait-worker") {
                // The worker has kept the runtime once the game started (sw.js answers "skat-kept").
                await page.waitForFunction(() => window.skatLoader.offline, {timeout: 20000, polling: 100});
                report.offlineKept = await page.evaluate(() => window.skatLoader.offline);
                report.firstCaches = await page.evaluate(() => caches.keys());
                continue;
            }
            if (cue === "wait-new-worker") {
                // A newer build's worker has taken over: one cache, not the first one.
                await page.waitForFunction((first) => caches.keys().then((names) => names.length === 1 && names[0] !== first),
                                           {timeout: 30000, polling: 200}, report.firstCaches[0]).catch((e) => {
                    report.console.push("wait-new-worker: " + e);
                });
                continue;
            }
            await fetch(origin.replace(new URL(origin).hostname, "127.0.0.1") + "/" + cue);
            await page.reload({waitUntil: "domcontentloaded", timeout: 30000}).catch((e) => report.console.push("reload: " + e));
            const state = await settle("after-" + cue);
            state.caches = await page.evaluate(() => caches.keys());
            report.phases.push({cue, state});
        }

        if (options.clipboard && report.final.state === "started") {
            report.clipboard = {};
            report.clipboard.copy = await target.evaluate(async () => {
                const record = window.skatPage.copy("http://127.0.0.1/?deal=TEST");
                for (let i = 0; i < 50 && record.state === "pending"; i++) {
                    await new Promise((resolve) => setTimeout(resolve, 100));
                }
                return {state: record.state, error: record.error};
            });
            report.clipboard.noClipboard = await target.evaluate(async () => {
                Object.defineProperty(navigator, "clipboard", {value: undefined, configurable: true});
                const record = window.skatPage.copy("http://127.0.0.1/?deal=TEST");
                window.skatPage.showLink("http://127.0.0.1/?deal=TEST", "Copy this link to share the deal:", "Close");
                const field = document.querySelector("#share-box input");
                return {state: record.state, error: record.error, boxValue: field && field.value,
                        selected: field ? field.value.substring(field.selectionStart, field.selectionEnd) : ""};
            });
            await shot("share-box");
        }
    } finally {
        if (context !== browser.defaultBrowserContext()) {
            await context.close();
        }
    }
    return report;
}

try {
    if (base.runs) {
        const reports = [];
        for (const run of base.runs) {
            reports.push(await drive({...base, ...run}, await browser.createBrowserContext()));
        }
        console.log(JSON.stringify({runs: reports}));
    } else {
        console.log(JSON.stringify(await drive(base, browser.defaultBrowserContext())));
    }
} finally {
    await browser.close();
    fs.rmSync(profile, {recursive: true, force: true});
}
