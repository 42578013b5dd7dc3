#!/usr/bin/env node
// animkit on Node, through animkit.wasm (docs/wasm.md): prints what the
// native command line prints with the JSON options.
//
//   node web/animkit-node.mjs validate [options] FILE    = animkit validate --diagnostics json FILE
//   node web/animkit-node.mjs dump [options] FILE
//   node web/animkit-node.mjs sample --times A:B:STEP [--track N] FILE   (or --list)
//   node web/animkit-node.mjs plot [options] FILE -o OUT.svg
//   node web/animkit-node.mjs convert [options] IN OUT
//
// FILE may be '-' (standard input). animkit.wasm is looked for in
// $ANIMKIT_WASM, beside this file (make wasm copies it there), then in
// ../build-wasm/.
import {readFileSync, writeFileSync, renameSync, existsSync, unlinkSync} from "node:fs";
import {randomFillSync} from "node:crypto";
import {dirname, join, basename} from "node:path";
import {fileURLToPath} from "node:url";
import {createEngine} from "./animkit.mjs";

const here = dirname(fileURLToPath(import.meta.url));

// The options of each command: those that take a value, and flags.
const VALUES = {
  validate: ["format", "diagnostics", "max-errors", "max-depth", "max-output", "max-memory", "format-option", "game"],
  dump: ["format", "max-memory", "format-option", "game"],
  sample: ["format", "track", "times", "max-memory", "format-option", "game"],
  plot: ["format", "track", "target", "from", "to", "max-memory", "format-option", "game", "o"],
  convert: ["from", "to", "precision", "compress", "max-memory", "format-option", "game", "format-version"],
};
const FLAGS = {
  validate: ["strict", "layout"],
  dump: ["strict"],
  sample: ["list"],
  plot: ["handles", "euler", "list"],
  convert: ["strict", "verify", "legacy"],
};
const REPEATABLE = new Set(["format-option", "track", "target"]);

function usage(message) {
  process.stderr.write(`animkit-node: ${message}\n` +
    "usage: node animkit-node.mjs validate|dump|sample|plot|convert [options] FILE... (docs/wasm.md)\n");
  process.exit(2);
}

function findWasm() {
  const candidates = [process.env.ANIMKIT_WASM, join(here, "animkit.wasm"), join(here, "..", "build-wasm", "animkit.wasm")];
  for (const c of candidates) if (c && existsSync(c)) return c;
  usage("animkit.wasm not found (make wasm builds it; or set ANIMKIT_WASM)");
}

function parse(command, args) {
  const options = {};
  const files = [];
  let onlyFiles = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (onlyFiles || !a.startsWith("-") || a === "-") {
      files.push(a);
      continue;
    }
    if (a === "--") {
      onlyFiles = true;
      continue;
    }
    const eq = a.indexOf("=");
    const name = a.replace(/^--?/, "").slice(0, eq < 0 ? undefined : eq - (a.startsWith("--") ? 2 : 1));
    if (FLAGS[command].includes(name) && eq < 0) {
      options[name] = true;
    } else if (VALUES[command].includes(name)) {
      const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined) usage(`${a} needs a value`);
      if (REPEATABLE.has(name)) (options[name] ??= []).push(value);
      else options[name] = value;
    } else {
      usage(`${command}: unknown option '${a}'`);
    }
  }
  return {options, files};
}

function readInput(file) {
  try {
    return readFileSync(file === "-" ? 0 : file);
  } catch (e) {
    process.stderr.write(`animkit: ${file}: ${e.code === "ENOENT" ? "No such file or directory" : e.message}\n`);
    process.exit(2);
  }
}

// Written beside the target, then renamed over it: never a partial file.
function writeAtomically(path, bytes) {
  if (path === "-") {
    process.stdout.write(bytes);
    return;
  }
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
  } catch (e) {
    try { unlinkSync(tmp); } catch { /* nothing was made */ }
    process.stderr.write(`animkit: ${path}: ${e.message}\n`);
    process.exitCode = 2;
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command || !(command in VALUES)) usage(command ? `unknown command '${command}'` : "no command");
  const {options, files} = parse(command, args);
  let output = null;
  if (command === "plot") {
    // plot's --from and --to are times: the reactor's start and end
    if (options.from !== undefined) options.start = options.from;
    if (options.to !== undefined) options.end = options.to;
    delete options.from;
    delete options.to;
    output = options.o;
    delete options.o;
    if (!output && !options.list) usage("plot needs -o OUT.svg (or --list)");
  }
  if (command === "convert") {
    if (files.length !== 2) usage("convert needs an input and an output");
    output = files.pop();
    options.out = output;
  }
  if (files.length !== 1) usage(`${command} takes one input`);
  if (command === "validate") options.diagnostics ??= "json";
  const engine = await createEngine(readFileSync(findWasm()), {random: (a) => randomFillSync(a)});
  const input = readInput(files[0]);
  let result;
  try {
    result = engine.run(command, input, files[0], options);
  } catch (e) {
    usage(e.message);
  }
  process.stderr.write(result.messageBytes);
  if (output && result.status === 0) writeAtomically(output, result.output);
  else if (!output) process.stdout.write(result.output);
  process.exitCode ||= result.status;
}

main();
