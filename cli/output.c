/* Output files of the command line: ak_output, whose temporary file SIGINT,
 * SIGTERM and SIGHUP remove before the process ends, and which is refused
 * when it is one of the command's inputs. The library installs no signal
 * handler (a process that embeds it owns its signals); the command line,
 * which writes one output at a time, does it here. */
#include "cli.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary file of the output being written, for the handler. */
static char pending_tmp[4096 + 32];
static volatile sig_atomic_t pending;
static struct sigaction saved[3];
static const int cleanup_signals[3] = {SIGINT, SIGTERM, SIGHUP};

/* ------------------------------------------------------------------ */
/* the command's inputs                                                */

/* A file by identity: the same file under any name (a symbolic or hard
   link, another path to it). */
typedef struct file_id {
    dev_t dev;
    ino_t ino;
} file_id;

static file_id *inputs;
static size_t input_count, input_cap;

bool cli_protect_input(const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) != 0 : stat(path, &st) != 0)
        return true; /* nothing there to destroy */
    if (!S_ISREG(st.st_mode))
        return true; /* a pipe or a device is read, never replaced */
    return cli_protect_identity(st.st_dev, st.st_ino);
}

bool cli_protect_identity(dev_t dev, ino_t ino)
{
    if (input_count == input_cap) {
        size_t cap = input_cap ? input_cap * 2 : 16;
        file_id *v = realloc(inputs, cap * sizeof *v);
        if (!v)
            return false;
        inputs = v;
        input_cap = cap;
    }
    inputs[input_count++] = (file_id){dev, ino};
    return true;
}

bool cli_output_allowed(const char *path, char *why, size_t why_size)
{
    struct stat st;
    if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return true;
    for (size_t i = 0; i < input_count; i++) {
        if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino) {
            snprintf(why, why_size, "%s",
                     "it is an input of this command (the same file): writing it would destroy the input; "
                     "nothing was written");
            errno = EEXIST;
            return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* signals                                                             */

static void remove_pending(int sig)
{
    if (pending)
        unlink(pending_tmp);
    pending = 0;
    /* the default action, as if nothing had been caught */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void cleanup_signal_set(sigset_t *set)
{
    sigemptyset(set);
    for (int i = 0; i < 3; i++)
        sigaddset(set, cleanup_signals[i]);
}

static void guard(const char *tmp)
{
    snprintf(pending_tmp, sizeof pending_tmp, "%s", tmp);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = remove_pending;
    cleanup_signal_set(&sa.sa_mask);
    for (int i = 0; i < 3; i++)
        sigaction(cleanup_signals[i], &sa, &saved[i]);
    pending = 1;
}

static void unguard(void)
{
    if (!pending)
        return;
    pending = 0;
    for (int i = 0; i < 3; i++)
        sigaction(cleanup_signals[i], &saved[i], NULL);
}

bool cli_output_open(ak_output *o, const char *path, char *why, size_t why_size)
{
    /* The signals wait while the temporary file is made and the handler
       learns its name: one that comes meanwhile removes it once let through.
       No other thread runs yet when the command line opens its output. A
       FIFO or a device is written in place, without a temporary file, and
       opening a FIFO waits for a reader: a signal must end that wait. */
    if (!cli_output_allowed(path, why, why_size))
        return false;
    struct stat st;
    bool in_place = stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
    sigset_t block, old;
    cleanup_signal_set(&block);
    if (in_place)
        sigemptyset(&block);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    bool ok = ak_output_open(o, path, why, why_size);
    if (ok && o->tmp && strlen(o->tmp) >= sizeof pending_tmp) {
        ak_output_abort(o);
        snprintf(why, why_size, "%s", strerror(ENAMETOOLONG));
        errno = ENAMETOOLONG;
        ok = false;
    }
    if (ok && o->tmp)
        guard(o->tmp);
    int e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return ok;
}

bool cli_output_commit(ak_output *o, char *why, size_t why_size)
{
    /* A signal during the commit may remove the temporary file after it was
       renamed: unlink then fails, and the output stays. */
    bool ok = ak_output_commit(o, why, why_size);
    int e = errno;
    unguard();
    errno = e;
    return ok;
}

void cli_output_abort(ak_output *o)
{
    ak_output_abort(o);
    unguard();
}

bool cli_write_file_atomic(const char *path, const void *data, size_t size, char *why, size_t why_size)
{
    ak_output o;
    if (!cli_output_open(&o, path, why, why_size))
        return false;
    if (!ak_output_write(&o, data, size, why, why_size)) {
        cli_output_abort(&o);
        return false;
    }
    return cli_output_commit(&o, why, why_size);
}
