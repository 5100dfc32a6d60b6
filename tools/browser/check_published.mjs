// Checks a published page with the real runtime (.github/workflows/pages.yml): open it in headless
// Chromium at 1280x720 and as a phone of 390x844 (DPR 3, touch, a phone's browser), click once (browsers
// hold sound back until then), wait for the game's first frame, and check the canvas (backing size as
// skat.ui.web.browser_window_size chose, CSS box filling the screen) and the title screen's pixels
// (mostly the table's felt green).  Then the phone is turned sideways: the window must follow (1688x780).
// Screenshots go to OUT.  Exit status 1 on any failed check.
//
//   node tools/browser/check_published.mjs URL OUT [CHROMIUM]
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";

const [url, out, chromium = "/usr/bin/chromium"] = process.argv.slice(2);
// browser_window_size: the viewport at the pixel ratio capped at 2, within 2560 x 1440 pixels.
const phone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) " +
              "Chrome/126.0.0.0 Mobile Safari/537.36";
const screens = [{width: 1280, height: 720, deviceScaleFactor: 1, want: [1280, 720]},
                 {width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true, want: [780, 1688],
                  agent: phone, turn: {width: 844, height: 390, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
                                       isLandscape: true, want: [1688, 780]}}];
fs.mkdirSync(out, {recursive: true});
const browser = await puppeteer.launch({executablePath: chromium, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--autoplay-policy=user-gesture-required"]});
const problems = [];
try {
    for (const screen of screens) {
        const name = screen.width + "x" + screen.height;
        const page = await browser.newPage();
        if (screen.agent) {
            await page.setUserAgent(screen.agent);
        }
        await page.setViewport(screen);
        page.on("console", (msg) => fs.appendFileSync(path.join(out, name + "-console.txt"), msg.text() + "\n"));
        page.on("dialog", (dialog) => { problems.push(name + ": alert " + dialog.message()); dialog.dismiss(); });
        await page.goto(url, {waitUntil: "domcontentloaded", timeout: 60000});
        const deadline = Date.now() + 180000;
        let state = "";
        while (Date.now() < deadline && !["started", "failed", "crashed"].includes(state)) {
            state = await page.evaluate(() => window.skatLoader && window.skatLoader.state);
            if (state === "waiting") {
                await page.mouse.click(screen.width / 2, screen.height / 2);
            }
            await new Promise((resolve) => setTimeout(resolve, 500));
        }
        await new Promise((resolve) => setTimeout(resolve, 3000));  // the title screen's first frames
        await page.screenshot({path: path.join(out, name + ".png")});
        const seen = await page.evaluate(() => {
            const canvas = document.getElementById("canvas");
            const box = canvas.getBoundingClientRect();
            return {state: window.skatLoader.state, failure: window.skatLoader.failure,
                    width: canvas.width, height: canvas.height, cssWidth: box.width, cssHeight: box.height};
        });
        fs.writeFileSync(path.join(out, name + ".json"), JSON.stringify(seen, null, 2));
        if (seen.state !== "started") {
            problems.push(name + ": the game did not start: " + JSON.stringify(seen.failure));
            continue;
        }
        if (seen.width !== screen.want[0] || seen.height !== screen.want[1]) {
            problems.push(name + ": canvas " + seen.width + "x" + seen.height + ", wanted " + screen.want.join("x"));
        }
        if (Math.abs(seen.cssWidth - screen.width) > 1 || Math.abs(seen.cssHeight - screen.height) > 1) {
            problems.push(name + ": the canvas's CSS box is " + seen.cssWidth + "x" + seen.cssHeight);
        }
        // The title screen: most sampled pixels are the felt (painter.FELT / FELT_DARK, green above red and blue).
        const shot = await page.screenshot({encoding: "base64", type: "png"});
        const green = await page.evaluate(async (data) => {
            const image = new Image();
            image.src = "data:image/png;base64," + data;
            await image.decode();
            const canvas = new OffscreenCanvas(image.width, image.height);
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, image.width, image.height).data;
            let felt = 0;
            let all = 0;
            for (let i = 0; i < pixels.length; i += 4 * 997) {
                all++;
                if (pixels[i + 1] > pixels[i] + 20 && pixels[i + 1] > pixels[i + 2] + 10) {
                    felt++;
                }
            }
            return felt / all;
        }, shot);
        if (green < 0.5) {
            problems.push(name + ": only " + Math.round(green * 100) + "% of the title screen is felt green");
        }
        if (screen.turn) {
            await page.setViewport(screen.turn);
            await new Promise((resolve) => setTimeout(resolve, 2000));
            await page.screenshot({path: path.join(out, name + "-turned.png")});
            const turned = await page.evaluate(() => {
                const canvas = document.getElementById("canvas");
                const box = canvas.getBoundingClientRect();
                return {width: canvas.width, height: canvas.height, cssWidth: box.width, cssHeight: box.height};
            });
            const want = screen.turn.want;
            if (turned.width !== want[0] || turned.height !== want[1] ||
                Math.abs(turned.cssWidth - screen.turn.width) > 1 || Math.abs(turned.cssHeight - screen.turn.height) > 1) {
                problems.push(name + ": turned sideways, the canvas is " + JSON.stringify(turned) + ", wanted " +
                              want.join("x") + " filling the screen");
            }
        }
        await page.close();
    }
} finally {
    await browser.close();
}
console.log(problems.length ? problems.join("\n") : "ok: " + url);
process.exit(problems.length ? 1 : 0);
