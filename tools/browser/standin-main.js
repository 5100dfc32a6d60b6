// A stand-in for pygbag's interpreter loader cpython312/main.js (Emscripten's output, over 4 MiB, and
// absent from snapshots of pygame-web/archives), for the browser tests only.  tools/web_mirror.py puts
// it where the real file would be.
//
// It does only what Emscripten's loader does first, with the page's pythons.js (the real one, or the
// tests' stand-in): it runs Module.preRun, downloads main.data (XHR, reporting "Downloading data...
// (done/total)" through Module.setStatus) and main.wasm (instantiateStreaming, else the bytes), both
// through Module.locateFile, then runs Module.postRun: pythons.js's postrun fetches cpythonrc.py and
// hands the interpreter its start-up code (Module.postMessage).  Then it reports "Python started".
//
// After that it does in JavaScript what the interpreter, the page's Python boot code and the game would
// do next, as read from their code, so the tests see the same requests: cpythonrc.py turns the
// PyConfig's "NAME=value" arguments into os.environ; pep0723.py's async_repos() fetches the package index
// and repodata (from $PYGPI, else pygbag's CDN) when the boot code is sourced, before it runs; the archive
// comes through pythons.js's cross_track; the wheel the index names from $PYGPI (else port 8000 of a page
// on localhost at a port 8..., else the index's "-CDN-"); and the game window: the canvas sized as skat.ui
// sizes it for the viewport the page gives the game (skatPage.viewport), and again whenever the page
// counts a new settled viewport (window.skatTestWindows holds the sizes, see openWindow).
(function () {
    "use strict";
    const Module = window.Module;
    const here = document.currentScript.src;
    const scriptDirectory = here.slice(0, here.lastIndexOf("/") + 1);
    const state = window.standIn = {state: "loading", files: {}, rcon: "", archive: null, wheel: 0, told: [],
                                    windows: [], unknown: []};

    function locate(path, prefix) {
        return Module.locateFile ? Module.locateFile(path, prefix) : prefix + path;
    }

    Module.FS = {
        init: function () {},
        writeFile: function (path, data) {
            state.files[path] = data.length;
        },
        mkdir: function () {},
        mount: function () {}
    };
    // The interpreter's side of PyRun_SimpleString: pythons.js sends the start-up code here.
    Module.postMessage = function (message) {
        if (message && message.type === "rcon") {
            state.rcon += message.data;
        }
    };

    function runCallbacks(list) {
        for (const callback of [].concat(list || [])) {
            callback(Module);
        }
    }

    function downloadData(url) {
        return new Promise(function (resolve, reject) {
            const xhr = new XMLHttpRequest();
            xhr.open("GET", url, true);
            xhr.responseType = "arraybuffer";
            xhr.onprogress = function (event) {
                if (Module.setStatus && event.lengthComputable) {
                    Module.setStatus("Downloading data... (" + event.loaded + "/" + event.total + ")");
                }
            };
            xhr.onerror = function () {
                reject(new Error("NetworkError for: " + url));
            };
            xhr.onload = function () {
                if (xhr.status === 200 || xhr.status === 304 || xhr.status === 206 || (xhr.status === 0 && xhr.response)) {
                    resolve(xhr.response);
                } else {
                    reject(new Error(xhr.statusText + " : " + xhr.responseURL));
                }
            };
            xhr.send(null);
        });
    }

    async function instantiateWasm(url) {
        try {
            return await WebAssembly.instantiateStreaming(fetch(url, {credentials: "same-origin"}), {});
        } catch (error) {
            console.warn("wasm streaming compile failed: " + error + "; falling back to ArrayBuffer instantiation");
            const response = await fetch(url, {credentials: "same-origin"});
            if (!response.ok) {
                throw new Error("failed to load wasm binary file at '" + url + "'");
            }
            return WebAssembly.instantiate(await response.arrayBuffer(), {});
        }
    }

    async function until(test, ms) {
        for (let waited = 0; !test(); waited += 50) {
            if (waited > ms) {
                throw new Error("stand-in: gave up waiting");
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
        }
    }

    async function bytesOf(url) {
        const response = await fetch(url);
        if (!response.ok) {
            throw new Error("HTTP " + response.status + " " + url);
        }
        return new Uint8Array(await response.arrayBuffer());
    }

    async function start() {
        runCallbacks(Module.preRun);
        const data = await downloadData(locate("main.data", ""));
        state.data = data.byteLength;
        await instantiateWasm(locate("main.wasm", scriptDirectory));
        runCallbacks(Module.postRun);
        // pythons.js's postrun is async: it fetches cpythonrc.py, then sends the start-up code.
        await until(() => state.rcon.includes("import_site"), 30000);
        state.state = "python";
        console.log("Python started");

        // cpythonrc.py: every "NAME=value" of PyConfig.orig_argv (the start-up code pythons.js sends, with
        // the PyConfig it had then) becomes os.environ[NAME].
        const found = /PyConfig = json\.loads\("""([\s\S]*?)"""\)/.exec(state.rcon);
        const pyconfig = found ? JSON.parse(found[1]) : {};
        const environ = state.environ = {};
        for (const arg of pyconfig.orig_argv || []) {
            if (arg.includes("=")) {
                environ[arg.slice(0, arg.indexOf("="))] = arg.slice(arg.indexOf("=") + 1);
            }
        }
        // import_site runs the page's boot code through shell.source -> runpy -> preload_code, which calls
        // aio/pep0723.py's async_repos() before that code runs: the package index and repodata come from
        // $PYGPI, else pygbag's CDN; the wheels from $PYGPI, else for a page on localhost at a port 8...
        // from port 8000 there, else from the index's "-CDN-".  The lists are kept: later imports use them.
        // pep0723.py's fallback, PKG_BASE_DEFAULT: read from the packed library (the stand-in main.data).
        const packed = new TextDecoder().decode(new Uint8Array(data).slice(-300));
        const fallback = (/PKG_BASE_DEFAULT = "([^"]+)"/.exec(packed) || [])[1];
        const repo = environ.PYGPI || fallback;
        const index = JSON.parse(new TextDecoder().decode(await bytesOf(repo + "index-090-cp312.json")));
        await bytesOf(repo + "repodata.json");
        const local = location.protocol === "http:" && location.hostname === "localhost" &&
            location.port.startsWith("8");
        const wheels = environ.PYGPI ||
            (local ? "http://" + location.hostname + ":8000/archives/repo/" : index["-CDN-"]);
        state.repo = repo;
        state.wheels = wheels;

        // What the page's boot code (Python) and the game do next.
        const loader = window.skatLoader;
        loader.stage("page.fetch");
        const trackid = "standin";
        window.MM[trackid] = {};
        await window.cross_track(trackid, window.config.archive + ".apk", {});
        const track = window.MM[trackid];
        const zip = track.data && track.data.length > 4 && track.data[0] === 0x50 && track.data[1] === 0x4b;
        state.archive = {pos: track.pos, len: track.len, zip: Boolean(zip)};
        if (!zip || track.pos !== track.len) {
            state.state = "archive broken";  // the real runtime could not mount it: the game never starts
            return;
        }
        loader.stage("page.prepare");
        loader.stage("page.deal");
        const wheel = index["pygame.base"].replace(/<abi>/g, "cp312").replace(/<api>/g, "wasm32_bi_emscripten");
        state.wheel = (await bytesOf(wheels + wheel)).length;
        openWindow();
        state.state = "game";
        followViewport();
    }

    // The game's window, as skat.ui.web and skat.ui.app choose it: the viewport the page gives the game
    // (skatPage.viewport, or on an older page the window's own numbers), turned into a window size by
    // skat.ui.web.browser_window_size, which the tests computed for each viewport they emulate
    // (window.skatTestWindows, by "WIDTHxHEIGHT@DPR").  SDL sets the canvas to that size.
    function told() {
        const view = window.skatPage && window.skatPage.viewport;
        const seen = view ? {width: view.width, height: view.height, dpr: view.dpr}
            : {width: innerWidth, height: innerHeight, dpr: devicePixelRatio};
        state.told.push(seen);
        return seen;
    }

    function openWindow() {
        const seen = told();
        const key = seen.width + "x" + seen.height + "@" + seen.dpr;
        const size = (window.skatTestWindows || {})[key];
        if (!size) {
            state.unknown.push(key);  // the test did not expect this viewport
            return;
        }
        const canvas = document.getElementById("canvas");
        if (canvas.width === size[0] && canvas.height === size[1]) {
            return;  // the same size: the game keeps its window
        }
        canvas.width = size[0];
        canvas.height = size[1];
        state.windows.push(size[0] + "x" + size[1]);
        const context = canvas.getContext("2d");
        const [w, h] = size;
        context.fillStyle = "#145a32";
        context.fillRect(0, 0, w, h);
        context.strokeStyle = "#ecc45a";
        context.lineWidth = 8;
        context.strokeRect(4, 4, w - 8, h - 8);
        context.fillStyle = "#ecc45a";
        context.font = Math.round(Math.min(w, h) / 14) + "px sans-serif";
        context.textAlign = "center";
        context.fillText((h > w ? "portrait " : "landscape ") + w + "x" + h, w / 2, h / 2);
    }

    // skat.ui.app's follow_page: once per frame the page's count of settled viewport changes; a new size
    // when it moved.  An older page has no count: the window keeps its size.
    function followViewport() {
        const view = window.skatPage && window.skatPage.viewport;
        let seen = view ? view.changes : null;
        function frame() {
            if (view && view.changes !== seen) {
                seen = view.changes;
                openWindow();
            }
            requestAnimationFrame(frame);
        }
        requestAnimationFrame(frame);
    }

    start().catch(function (error) {
        state.state = "error: " + error;
        console.error("stand-in main.js:", error);
    });
})();
