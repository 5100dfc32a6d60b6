// Runs the engine, computer-player and storage tests under Pyodide (CPython 3.12
// compiled to WebAssembly) in Node.js, without network.
//
//   node tools/pyodide/run_tests.mjs [PYTEST ARGS]   (after `npm ci` here and the wheel
//                                                     download; run.sh does all three)
//
// Pyodide comes from node_modules (the npm package holds the interpreter, its
// standard library and pyodide-lock.json; nothing is fetched from a CDN because
// no Pyodide package is loaded). pytest, hypothesis and their dependencies are
// the PyPI wheels in ./wheels (see requirements.txt); driver.py unpacks them into
// site-packages. The project's game/, tests/ and pyproject.toml are copied into
// Pyodide's in-memory file system, so the run writes nothing into the work tree.
// pytest's tmp_path lives in a fresh host temporary directory mounted with NODEFS
// at /hosttmp (driver.py passes --basetemp), removed afterwards: Pyodide 0.27's
// in-memory file system (Emscripten 3.1.58) mishandles os.replace() onto an
// existing file (fixed upstream by emscripten-core/emscripten#23074), which
// FileStorage relies on; NODEFS hands the rename to the real file system. /tmp
// itself stays in memory: pytest's output capture uses unlinked temporary files,
// which NODEFS cannot keep.
// Which tests run is tests.txt. The exit code is pytest's.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { loadPyodide, version as pyodideVersion } from "pyodide";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const WHEELS = process.env.SKAT_PYODIDE_WHEELS || join(HERE, "wheels");
const SKIP = new Set(["__pycache__", ".pytest_cache", ".hypothesis", "node_modules"]);

function copyTree(pyodide, hostDir, fsDir) {
  pyodide.FS.mkdirTree(fsDir);
  let count = 0;
  for (const name of readdirSync(hostDir)) {
    if (SKIP.has(name) || name.endsWith(".egg-info") || name.endsWith(".pyc")) continue;
    const hostPath = join(hostDir, name);
    const fsPath = `${fsDir}/${name}`;
    const st = statSync(hostPath);
    if (st.isDirectory()) {
      count += copyTree(pyodide, hostPath, fsPath);
    } else if (st.isFile()) {
      pyodide.FS.writeFile(fsPath, readFileSync(hostPath));
      count += 1;
    }
  }
  return count;
}

function copyFile(pyodide, hostPath, fsPath) {
  pyodide.FS.mkdirTree(fsPath.slice(0, fsPath.lastIndexOf("/")));
  pyodide.FS.writeFile(fsPath, readFileSync(hostPath));
}

async function main(hostTmp) {
  const t0 = performance.now();
  const writeTo = (stream) => ({
    // raw bytes, unbuffered: pytest's progress dots appear as they happen
    write: (buffer) => {
      stream.write(Buffer.from(buffer));
      return buffer.length;
    },
  });
  const pyodide = await loadPyodide({
    indexURL: join(HERE, "node_modules", "pyodide") + "/",
    env: { HOME: "/home/pyodide", PYTHONDONTWRITEBYTECODE: "1" },
  });
  pyodide.setStdout(writeTo(process.stdout));
  pyodide.setStderr(writeTo(process.stderr));
  const t1 = performance.now();

  if (!existsSync(WHEELS)) {
    console.error(`No wheels in ${relative(process.cwd(), WHEELS) || WHEELS}: run tools/pyodide/run.sh (it downloads them).`);
    process.exitCode = 2;
    return;
  }
  let wheels = 0;
  pyodide.FS.mkdirTree("/wheels");
  for (const name of readdirSync(WHEELS)) {
    if (!name.endsWith(".whl")) continue;
    pyodide.FS.writeFile(`/wheels/${name}`, readFileSync(join(WHEELS, name)));
    wheels += 1;
  }
  let files = copyTree(pyodide, join(ROOT, "game"), "/project/game");
  files += copyTree(pyodide, join(ROOT, "tests"), "/project/tests");
  copyFile(pyodide, join(ROOT, "pyproject.toml"), "/project/pyproject.toml");
  for (const name of ["driver.py", "requirements.txt", "tests.txt"]) {
    copyFile(pyodide, join(HERE, name), `/runner/${name}`);
  }
  pyodide.FS.mkdirTree("/hosttmp");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: hostTmp }, "/hosttmp");
  console.log(
    `Pyodide ${pyodideVersion} (Python ${pyodide.runPython("import sys; sys.version.split()[0]")}, ` +
      `Node.js ${process.versions.node}): loaded in ${((t1 - t0) / 1000).toFixed(1)}s; ` +
      `copied ${files + 1} project files and ${wheels} wheels into its file system`,
  );

  // extra arguments go to pytest after the configured paths, e.g. `node run_tests.mjs --durations=10`
  pyodide.globals.set("extra_args", pyodide.toPy(process.argv.slice(2)));
  const code = pyodide.runPython(`
import sys
sys.path.insert(0, "/runner")
import driver
driver.main(list(extra_args))
`);
  process.exitCode = typeof code === "number" ? code : 3;
}

const hostTmp = mkdtempSync(join(tmpdir(), "skat-pyodide-"));
try {
  await main(hostTmp);
} catch (err) {
  // a Python exception (SystemExit from driver.py included) or a Pyodide load failure
  console.error(err && err.message ? err.message : err);
  process.exitCode = 3;
} finally {
  rmSync(hostTmp, { recursive: true, force: true });
}
