// The SSR worker's loop, which internal/render/pool.go runs with
// `node --input-type=module --eval`: JSON lines on stdin, one answer line
// per request on stdout with the same id. {"reload": URL} imports a server
// bundle (templates/server.tsx), which sets globalThis.saberHandle; every
// other request ({"init"}, {"render"}) goes to the handler of the last
// bundle imported. The loop runs before any bundle is known, so that a
// build can start node (about 110 ms on this VM) beside its load stage,
// and in watch mode a new bundle is imported into the warm process.
import { createInterface } from "node:readline";

const worker = globalThis;

function answer(msg) {
  process.stdout.write(JSON.stringify(msg) + "\n");
}

async function serve(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    answer({ id: -1, error: `bad request line: ${String(err)}` });
    return;
  }
  try {
    if (req.reload) {
      await import(req.reload);
      answer({ id: req.id, ok: true });
      return;
    }
    if (!worker.saberHandle) {
      answer({ id: req.id, error: "no server bundle loaded" });
      return;
    }
    answer(worker.saberHandle(req));
  } catch (err) {
    answer({ id: req.id, error: err?.stack ?? String(err) });
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
// One request at a time: an import finishes before the next line is read.
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(() => serve(line));
});
// react-dom/server keeps no handles open, but be explicit: stdin closed = done.
lines.on("close", () => void queue.then(() => process.exit(0)));
