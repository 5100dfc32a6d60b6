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
// After that it does in JavaScript what the page's Python boot code and the game would do next, so the
// tests see the same requests: the archive through pythons.js's cross_track, the package index, the
// repodata and the wheel the index names (from the page's PYGPI, loader.repoUrl), and the game window:
// the canvas sized to window.skatTestWindow (default 1280 x 720), as SDL does for a fixed window.
(function () {
    "use strict";
    const Module = window.Module;
    const here = document.currentScript.src;
    const scriptDirectory = here.slice(0, here.lastIndexOf("/") + 1);
    const state = window.standIn = {state: "loading", files: {}, rcon: "", archive: null, wheel: 0};

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
        const index = JSON.parse(new TextDecoder().decode(await bytesOf(loader.repoUrl + "index-090-cp312.json")));
        await bytesOf(loader.repoUrl + "repodata.json");
        loader.stage("page.deal");
        const wheel = index["pygame.base"].replace(/<abi>/g, "cp312").replace(/<api>/g, "wasm32_bi_emscripten");
        state.wheel = (await bytesOf(loader.repoUrl + wheel)).length;
        const size = window.skatTestWindow || [1280, 720];
        const canvas = document.getElementById("canvas");
        canvas.width = size[0];
        canvas.height = size[1];
        const context = canvas.getContext("2d");
        context.fillStyle = "#145a32";
        context.fillRect(0, 0, size[0], size[1]);
        context.fillStyle = "#ecc45a";
        context.fillRect(size[0] * 0.1, size[1] * 0.1, size[0] * 0.8, size[1] * 0.05);
        state.state = "game";
    }

    start().catch(function (error) {
        state.state = "error: " + error;
        console.error("stand-in main.js:", error);
    });
})();
