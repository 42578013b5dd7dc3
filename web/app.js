// The playground page: reads a dropped, chosen or pasted file, asks the
// engine (worker.js, animkit.wasm in a Web Worker) to validate, plot, dump
// and convert it, and shows what the command line would print. Plain DOM,
// no framework; nothing leaves the browser.

const $ = (id) => document.getElementById(id);

// A small Maya .anim written for this page: a bouncing ball whose second
// key's breakdown flag is 2 (Maya takes only 1 as true: a warning).
const EXAMPLE_NAME = "bounce.anim";
const EXAMPLE = `animVersion 1.1;
mayaVersion 2026;
timeUnit film;
linearUnit cm;
angularUnit deg;
startTime 1;
endTime 24;
anim translate.translateY translateY ball 1 0 1;
animData {
  input time;
  output linear;
  weighted 0;
  preInfinity constant;
  postInfinity cycle;
  keys {
    1 0 linear fixed 1 0 0 60 1;
    12 10 flat flat 1 0 2;
    24 0 fixed linear 1 0 0 -60 1;
  }
}
anim rotate.rotateZ rotateZ ball 1 0 5;
animData {
  input time;
  output angular;
  weighted 1;
  preInfinity constant;
  postInfinity linear;
  keys {
    1 0 spline spline 1 1 0;
    24 360 fixed fixed 1 1 1 10 4 10 4;
  }
}
`;

// What the page shows of a dump at most (the download has all of it).
const DUMP_SHOWN = 256 * 1024;

const worker = new Worker(new URL("worker.js", import.meta.url), {type: "module"});
let nextId = 1;
const pending = new Map();
let formats = [];
let current = null; // {bytes, name}
let plotUrl = null;
let dumpBytes = null;

worker.onmessage = (event) => {
  const m = event.data;
  if (m.type === "ready") {
    formats = m.formats;
    ready(m.version);
  } else if (m.type === "failed") {
    $("engine").textContent = `the engine could not start: ${m.error}`;
    document.body.dataset.state = "failed";
  } else if (pending.has(m.id)) {
    const {resolve, reject} = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) reject(new Error(m.error));
    else resolve(m);
  }
};

function ask(message, transfer = []) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, {resolve, reject});
    worker.postMessage({id, ...message}, transfer);
  });
}

const text = (buffer) => new TextDecoder().decode(buffer);

function ready(version) {
  $("engine").textContent = "the engine is ready.";
  $("version").textContent = version;
  for (const f of formats) {
    const option = new Option(`${f.id} — ${f.name}`, f.id);
    $("format").append(option);
    if (f.target) $("target").append(new Option(`${f.id} (${f.extensions.join(", ")})`, f.id));
  }
  updateCompress();
  document.body.dataset.state = "ready";
}

function options() {
  const o = {};
  if ($("format").value) o.format = $("format").value;
  if (document.querySelector("input[name=level]:checked").value === "strict") o.strict = true;
  return o;
}

async function load(bytes, name) {
  current = {bytes, name};
  const copy = bytes.slice().buffer;
  await ask({type: "load", bytes: copy, name}, [copy]);
  await analyse();
}

function verdict(status, json) {
  if (status === 2) return "not checked (see below)";
  let errors = 0, warnings = 0, notes = 0;
  try {
    for (const file of JSON.parse(json).files)
      for (const d of file.diagnostics || []) {
        if (d.severity === "error") errors++;
        else if (d.severity === "warning") warnings++;
        else notes++;
      }
  } catch {
    return status === 0 ? "valid" : "invalid";
  }
  const counts = [[errors, "error"], [warnings, "warning"], [notes, "note"]]
    .filter(([n]) => n).map(([n, w]) => `${n} ${w}${n === 1 ? "" : "s"}`);
  return (status === 0 ? "valid" : "invalid") + (counts.length ? `: ${counts.join(", ")}` : ", nothing to say");
}

async function analyse() {
  if (!current) return;
  const o = options();
  document.body.dataset.state = "working";
  $("results").hidden = false;
  $("file-name").textContent = current.name;

  const json = await ask({type: "run", command: "validate", options: {...o, diagnostics: "json"}});
  const shown = await ask({type: "run", command: "validate", options: {...o, diagnostics: "text"}});
  $("verdict").textContent = verdict(json.status, text(json.output));
  $("verdict").className = json.status === 0 ? "valid" : "invalid";
  $("diagnostics").textContent = text(shown.output) + shown.messages;

  const fmt = {...o};
  delete fmt.strict;
  const tracks = await ask({type: "run", command: "sample", options: {...fmt, list: true}});
  $("tracks").textContent = text(tracks.output);
  const plot = await ask({type: "run", command: "plot", options: fmt});
  if (plotUrl) URL.revokeObjectURL(plotUrl);
  plotUrl = null;
  if (plot.status === 0) {
    plotUrl = URL.createObjectURL(new Blob([plot.output], {type: "image/svg+xml"}));
    $("plot").src = plotUrl;
    $("curves").hidden = false;
  } else {
    $("plot").removeAttribute("src");
    $("curves").hidden = true;
  }
  $("plot-messages").textContent = plot.status === 0 ? "" : plot.messages || tracks.messages;

  const dump = await ask({type: "run", command: "dump", options: o});
  dumpBytes = dump.status === 0 ? new Uint8Array(dump.output) : null;
  $("download-dump").disabled = !dumpBytes;
  if (dumpBytes) {
    const cut = dumpBytes.length > DUMP_SHOWN;
    $("dump").textContent = text(dumpBytes.subarray(0, DUMP_SHOWN)) + (cut ? "\n…" : "");
    $("dump-note").textContent = `${dumpBytes.length} bytes${cut ? ` (the first ${DUMP_SHOWN} shown)` : ""}`;
  } else {
    $("dump").textContent = dump.messages;
    $("dump-note").textContent = "no dump: the file has errors";
  }
  $("convert-messages").textContent = "";
  document.body.dataset.state = "done";
}

function download(bytes, name, type) {
  const url = URL.createObjectURL(new Blob([bytes], {type}));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function stem(name) {
  const base = name.split("/").pop();
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base || "output";
}

async function convert() {
  if (!current) return;
  const to = formats.find((f) => f.id === $("target").value);
  if (!to) return;
  const out = stem(current.name) + (to.extensions[0] || "");
  const o = {...options(), to: to.id, out};
  if (o.format) {
    o.from = o.format;
    delete o.format;
  }
  if ($("compress").value && !$("compress-box").hidden) o.compress = $("compress").value;
  document.body.dataset.state = "working";
  const r = await ask({type: "run", command: "convert", options: o});
  $("convert-messages").textContent = r.messages || (r.status === 0 ? `${out}: ${r.output.byteLength} bytes` : "");
  if (r.status === 0) download(r.output, out, "application/octet-stream");
  document.body.dataset.state = r.status === 0 ? "converted" : "done";
}

function updateCompress() {
  $("compress-box").hidden = $("target").value !== "animx";
}

async function readFile(file) {
  await load(new Uint8Array(await file.arrayBuffer()), file.name);
}

function report(error) {
  $("results").hidden = false;
  $("diagnostics").textContent = String(error && error.message ? error.message : error);
  document.body.dataset.state = "done";
}

$("file").addEventListener("change", () => {
  if ($("file").files.length) readFile($("file").files[0]).catch(report);
});
$("example").addEventListener("click", () => load(new TextEncoder().encode(EXAMPLE), EXAMPLE_NAME).catch(report));
$("check-paste").addEventListener("click", () => {
  load(new TextEncoder().encode($("paste").value), $("paste-name").value || "pasted").catch(report);
});
const drop = $("drop");
drop.addEventListener("dragover", (e) => {
  e.preventDefault();
  drop.classList.add("over");
});
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  if (e.dataTransfer.files.length) readFile(e.dataTransfer.files[0]).catch(report);
});
$("format").addEventListener("change", () => analyse().catch(report));
for (const r of document.querySelectorAll("input[name=level]"))
  r.addEventListener("change", () => analyse().catch(report));
$("target").addEventListener("change", updateCompress);
$("convert").addEventListener("click", () => convert().catch(report));
$("download-dump").addEventListener("click", () => {
  if (dumpBytes && current) download(dumpBytes, `${stem(current.name)}.json`, "application/json");
});
