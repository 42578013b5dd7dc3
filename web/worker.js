// The engine of the playground page, in a Web Worker so that a large file
// never freezes the page. It loads animkit.wasm from beside itself (the
// only thing it fetches) and answers the page's messages:
//   {id, type: "load", bytes, name}          keeps the file
//   {id, type: "run", command, options}      runs a command over it
// with {id, status, output, messages} (output: an ArrayBuffer, transferred),
// or {id, error}. First it posts {type: "ready", version, formats}.
import {createEngine} from "./animkit.mjs";

let engine = null;
let file = null;
const waiting = [];

function answer(message) {
  const {id, type} = message;
  try {
    if (type === "load") {
      file = {bytes: new Uint8Array(message.bytes), name: message.name};
      postMessage({id, status: 0});
    } else if (type === "run") {
      if (!file) throw new Error("no file loaded");
      const r = engine.run(message.command, file.bytes, file.name, message.options || {});
      const output = r.output.buffer;
      postMessage({id, status: r.status, output, messages: r.messages}, [output]);
    } else {
      throw new Error(`unknown request ${type}`);
    }
  } catch (e) {
    postMessage({id, error: String(e && e.message ? e.message : e)});
  }
}

onmessage = (event) => {
  if (engine) answer(event.data);
  else waiting.push(event.data);
};

fetch(new URL("animkit.wasm", import.meta.url))
  .then((r) => {
    if (!r.ok) throw new Error(`animkit.wasm: HTTP ${r.status}`);
    return r.arrayBuffer();
  })
  .then((bytes) => createEngine(bytes))
  .then((e) => {
    engine = e;
    postMessage({type: "ready", version: e.version(), formats: e.formats()});
    for (const m of waiting.splice(0)) answer(m);
  })
  .catch((e) => postMessage({type: "failed", error: String(e && e.message ? e.message : e)}));
