// animkit's engine over animkit.wasm, for browsers (a Web Worker: worker.js)
// and Node (animkit-node.mjs). The module is a WASI reactor that does no
// I/O: it only needs the few WASI functions that its C library names, given
// here (no preopened folder, no file; random bytes and the clock).
//
//   const engine = await createEngine(wasmBytes);
//   const r = engine.run("validate", bytes, "walk.anim", {diagnostics: "json", strict: true});
//   r.status    0 no errors, 1 errors found, 2 usage or internal failure
//   r.output    Uint8Array: what `animkit validate --diagnostics json walk.anim` prints
//   r.messages  string: what it prints on standard error (r.messageBytes:
//               the same bytes, undecoded)
//
// Commands: validate, dump, sample, plot, convert, as on the command line;
// options by the command line's names without the dashes (docs/wasm.md).

const ERRNO_BADF = 8;
const ERRNO_NOSYS = 52;
const ERRNO_SPIPE = 70;
const ERRNO_NOTCAPABLE = 76;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

// Thrown when the module calls proc_exit (abort(), a failed assertion).
export class EngineExit extends Error {
  constructor(code) {
    super(`animkit.wasm exited with status ${code}`);
    this.code = code;
  }
}

function wasiImports(getMemory, random, onWrite) {
  const view = () => new DataView(getMemory().buffer);
  const bytes = () => new Uint8Array(getMemory().buffer);
  return {
    wasi_snapshot_preview1: {
      // no preopened folder: the module opens no file
      fd_prestat_get: () => ERRNO_BADF,
      fd_prestat_dir_name: () => ERRNO_BADF,
      path_open: () => ERRNO_NOTCAPABLE,
      fd_read: () => ERRNO_BADF,
      fd_seek: () => ERRNO_SPIPE,
      fd_close: () => 0,
      fd_fdstat_get(fd, out) {
        if (fd > 2) return ERRNO_BADF;
        const v = view();
        for (let i = 0; i < 24; i += 4) v.setUint32(out + i, 0, true);
        v.setUint8(out, 2); // a character device
        return 0;
      },
      // standard output and error: the library writes nothing there; what
      // would come goes to onWrite
      fd_write(fd, iovs, count, written) {
        if (fd !== 1 && fd !== 2) return ERRNO_BADF;
        const v = view();
        let total = 0;
        for (let i = 0; i < count; i++) {
          const ptr = v.getUint32(iovs + 8 * i, true);
          const len = v.getUint32(iovs + 8 * i + 4, true);
          onWrite(fd, bytes().slice(ptr, ptr + len));
          total += len;
        }
        v.setUint32(written, total, true);
        return 0;
      },
      clock_time_get(id, precision, out) {
        const ns = BigInt(Math.round((id === 0 ? Date.now() : performance.now()) * 1e6));
        view().setBigUint64(out, ns, true);
        return 0;
      },
      random_get(ptr, len) {
        for (let at = 0; at < len; at += 65536)
          random(new Uint8Array(getMemory().buffer, ptr + at, Math.min(65536, len - at)));
        return 0;
      },
      proc_exit(code) {
        throw new EngineExit(code);
      },
      sched_yield: () => 0,
      args_get: () => 0,
      args_sizes_get: (argc, size) => { view().setUint32(argc, 0, true); view().setUint32(size, 0, true); return 0; },
      environ_get: () => 0,
      environ_sizes_get: (count, size) => { view().setUint32(count, 0, true); view().setUint32(size, 0, true); return 0; },
      poll_oneoff: () => ERRNO_NOSYS,
    },
  };
}

// The engine over animkit.wasm: `source` is its bytes (ArrayBuffer,
// Uint8Array), a WebAssembly.Module, or a Response (fetch). `random` fills
// a Uint8Array with random bytes (default: crypto.getRandomValues).
export async function createEngine(source, {random, onWrite} = {}) {
  random ??= (a) => globalThis.crypto.getRandomValues(a);
  onWrite ??= () => {};
  let memory = null;
  const imports = wasiImports(() => memory, random, onWrite);
  let instance;
  if (source instanceof WebAssembly.Module) {
    instance = await WebAssembly.instantiate(source, imports);
  } else if (typeof Response !== "undefined" && source instanceof Response) {
    ({instance} = await WebAssembly.instantiate(await source.arrayBuffer(), imports));
  } else {
    ({instance} = await WebAssembly.instantiate(source, imports));
  }
  const x = instance.exports;
  memory = x.memory;
  x._initialize();
  return new Engine(x);
}

class Engine {
  constructor(exports) {
    this.x = exports;
  }

  #bytes() {
    return new Uint8Array(this.x.memory.buffer);
  }

  // A copy of data in the module's memory (freed by the caller).
  #put(data) {
    const p = this.x.ak_wasm_alloc(data.length);
    if (!p) throw new Error("animkit.wasm: out of memory");
    this.#bytes().set(data, p);
    return p;
  }

  #putString(s) {
    const b = utf8.encode(s);
    const z = new Uint8Array(b.length + 1);
    z.set(b);
    return this.#put(z);
  }

  #string(p) {
    const m = this.#bytes();
    let end = p;
    while (m[end]) end++;
    return fromUtf8.decode(m.subarray(p, end));
  }

  version() {
    return this.#string(this.x.ak_wasm_version());
  }

  // [{id, name, text, extensions, versions, dump, target}]
  formats() {
    return JSON.parse(this.#string(this.x.ak_wasm_formats()));
  }

  #option(name, value) {
    const n = this.#putString(name);
    const v = this.#putString(value === true ? "" : String(value));
    const ok = this.x.ak_wasm_option(n, v);
    this.x.ak_wasm_free(n);
    this.x.ak_wasm_free(v);
    if (!ok) throw new RangeError(`animkit: bad option --${name}${value === true ? "" : ` ${value}`}`);
  }

  // Runs a command over data (Uint8Array) named name; options: {name:
  // value}, value true for a flag, an array for a repeatable option;
  // false, null and undefined leave the option out.
  run(command, data, name, options = {}) {
    for (const [key, value] of Object.entries(options)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v === false || v === null || v === undefined) continue;
        this.#option(key, v);
      }
    }
    const c = this.#putString(command);
    const n = this.#putString(name);
    const d = this.#put(data);
    let status;
    try {
      status = this.x.ak_wasm_run(c, d, data.length, n);
    } finally {
      this.x.ak_wasm_free(c);
      this.x.ak_wasm_free(n);
      this.x.ak_wasm_free(d);
    }
    const m = this.#bytes();
    const out = this.x.ak_wasm_output();
    const output = m.slice(out, out + this.x.ak_wasm_output_size());
    const msg = this.x.ak_wasm_messages();
    const messageBytes = m.slice(msg, msg + this.x.ak_wasm_messages_size());
    return {status, output, messages: fromUtf8.decode(messageBytes), messageBytes};
  }
}
