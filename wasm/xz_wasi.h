/* Forced into liblzma's files in the WebAssembly build (wasm/codecs.cmake).
 * WASI has no signals, and wasi-libc's <signal.h> has no sigset_t; the
 * single-threaded branch of xz's mythread.h still declares an inline
 * function over it, which liblzma never calls. */
#ifndef AK_WASM_XZ_WASI_H
#define AK_WASM_XZ_WASI_H

#include <signal.h>

typedef struct ak_wasi_sigset {
    unsigned long bits;
} sigset_t;
int sigprocmask(int how, const sigset_t *set, sigset_t *old);

#endif
