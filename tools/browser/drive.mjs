// Opens the built page in Debian's headless Chromium with puppeteer-core, every host but 127.0.0.1 blocked,
// and reports what the loading screen did, as JSON on stdout.  Driven by tests/test_browser_page.py.
//
//   node tools/browser/drive.mjs '{"url": "http://127.0.0.1:PORT/", "lang": "de-DE", "offsite": "abort",
//                                  "holdMs": 1500, "waitMs": 20000, "shots": "build/test-artifacts/x"}'
//
// offsite: what a request to any other host gets: "abort" (after holdMs, as a dead connection)
// or "hang" (never an answer, as a blocked CDN that swallows packets).
// clipboard: optional checks of window.skatPage.copy/showLink once the page has started.
// frame: the game page is inside an iframe of the page at url (as on itch.io): check that frame instead.
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";

const options = JSON.parse(process.argv[2]);
const chromium = options.chromium || "/usr/bin/chromium";
const profile = fs.mkdtempSync(path.join(options.tmp || "/tmp", "skat-chromium-"));
const report = {requests: [], offsite: [], console: [], shots: []};

function local(url) {
    const u = new URL(url);
    return u.protocol === "data:" || u.protocol === "blob:" || u.hostname === "127.0.0.1" || u.hostname === "localhost";
}

const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir: profile,
    env: {...process.env, LANGUAGE: options.lang, LANG: options.lang.replace("-", "_") + ".UTF-8"},
    args: [
        "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-dev-shm-usage",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
        "--lang=" + options.lang, "--accept-lang=" + options.lang, "--window-size=1280,720",
    ],
});
try {
    const page = await browser.newPage();
    await page.setViewport({width: 1280, height: 720});
    // Headless Chromium ignores the system locale: give the tab the browser language the way a browser
    // set to that language presents it (navigator.language and Accept-Language), through DevTools.
    const devtools = await page.createCDPSession();
    await devtools.send("Emulation.setUserAgentOverride", {userAgent: await browser.userAgent(), acceptLanguage: options.lang});
    await devtools.send("Emulation.setLocaleOverride", {locale: options.lang});
    page.on("console", (msg) => report.console.push(msg.type() + ": " + msg.text()));
    // Every width the loading bar's fill takes, to show it follows the reported progress.
    await page.evaluateOnNewDocument(() => {
        window.skatBarWidths = [];
        new MutationObserver((changes) => {
            for (const change of changes) {
                if (change.target.id === "bar-fill" && change.target.style.width) {
                    window.skatBarWidths.push(change.target.style.width);
                }
            }
        }).observe(document, {attributes: true, subtree: true, attributeFilter: ["style"]});
    });
    page.on("dialog", (dialog) => { report.console.push("dialog: " + dialog.message()); dialog.dismiss(); });
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
    if (options.grantClipboard) {
        await browser.defaultBrowserContext().overridePermissions(new URL(options.url).origin,
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
        return target.evaluate(() => ({
            language: navigator.language,
            state: window.skatLoader && window.skatLoader.state,
            failure: window.skatLoader && window.skatLoader.failure,
            status: (document.getElementById("status") || {}).textContent,
            failureText: document.getElementById("failure").hidden ? "" : document.getElementById("failure").innerText,
            transferHidden: document.getElementById("transfer").hidden,
            indeterminate: document.getElementById("bar").classList.contains("indeterminate"),
            htmlLang: document.documentElement.lang,
        }));
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
    try {
        await target.waitForFunction(
            () => window.skatLoader && (window.skatLoader.state === "failed" || window.skatLoader.state === "started"),
            {timeout: options.waitMs || 20000, polling: 100});
    } catch (error) {
        report.waitError = String(error);
    }
    report.elapsedMs = Date.now() - started;
    if (options.offsite !== "hang") {
        await navigation;
    }
    report.final = await loaderState();
    report.barWidths = await target.evaluate(() => window.skatBarWidths);
    report.search = await target.evaluate(() => location.search);
    await shot("final");

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
    await browser.close();
    fs.rmSync(profile, {recursive: true, force: true});
}
console.log(JSON.stringify(report));
