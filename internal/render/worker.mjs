// The SSR worker's loop, which internal/render/pool.go runs with
// `node --input-type=module --eval`: JSON lines on stdin, one answer line
// per request on stdout with the same id. {"reload": URL} loads a server
// bundle (templates/server.tsx, bundled as CommonJS), which sets
// globalThis.saberHandle; every other request ({"init"}, {"render"}) goes
// to the handler of the last bundle loaded. The loop runs before any bundle
// is known, so that a build can start node (about 110 ms on this VM) beside
// its load stage, and in watch mode a new bundle is loaded into the warm
// process.
//
// With {"codeCache": FILE} the bundle is compiled with V8's code cache
// from FILE (vm.Script's cachedData: node 20 has no compile cache for
// modules), which saves about a third of loading it and of the first
// render. When FILE is missing or V8 refuses it (another node), the worker
// writes it after its first render, when it holds the functions that
// render compiled.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const worker = globalThis;
/** The code cache to write after the next render: {script, file}. */
let pendingCache = null;

function answer(msg) {
  process.stdout.write(JSON.stringify(msg) + "\n");
}

function load(url, codeCache) {
  const file = fileURLToPath(url);
  const source = readFileSync(file, "utf8");
  let cachedData;
  if (codeCache) {
    try {
      cachedData = readFileSync(codeCache);
    } catch {
      cachedData = undefined;
    }
  }
  // The wrapper node itself puts around a CommonJS file.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  pendingCache = codeCache && (cachedData === undefined || script.cachedDataRejected) ? { script, file: codeCache } : null;
  if (!codeCache) return undefined;
  if (cachedData === undefined) return "missing";
  return script.cachedDataRejected ? "rejected" : "used";
}

function writeCodeCache() {
  const { script, file } = pendingCache;
  pendingCache = null;
  try {
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, file); // another worker may write the same file: whole or not at all
  } catch {
    // Only a cache: the next build compiles without it and tries again.
  }
}

function serve(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    answer({ id: -1, error: `bad request line: ${String(err)}` });
    return;
  }
  try {
    if (req.reload) {
      answer({ id: req.id, ok: true, codeCache: load(req.reload, req.codeCache) });
      return;
    }
    if (!worker.saberHandle) {
      answer({ id: req.id, error: "no server bundle loaded" });
      return;
    }
    answer(worker.saberHandle(req));
    if (req.render && pendingCache) writeCodeCache();
  } catch (err) {
    answer({ id: req.id, error: err?.stack ?? String(err) });
  }
}

// Every request is answered before the next line is read: loading and
// rendering are synchronous.
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", serve);
// react-dom/server keeps no handles open, but be explicit: stdin closed = done.
lines.on("close", () => process.exit(0));
