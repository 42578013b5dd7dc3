/* ak_rlimit_run: runs a command under an address-space limit and says how
 * it ended and how much memory it used, for the memory tests.
 *
 *   ak_rlimit_run [--as BYTES] [--max-rss KIB] [--expect CODE] [--quiet] -- COMMAND [ARG...]
 *
 * --as BYTES      setrlimit(RLIMIT_AS) in the child before exec (suffixes K, M, G)
 * --max-rss KIB   the child's peak resident set (getrusage of the waited child,
 *                 ru_maxrss) must stay below this
 * --expect CODE   the child must exit normally with CODE
 *
 * It prints one line on stderr: "ak_rlimit_run: exit N, peak RSS K KiB" or
 * "ak_rlimit_run: killed by signal S (NAME), peak RSS K KiB". Without
 * --expect or --max-rss it exits with the child's status (128 + S after a
 * signal); with either, 0 when every condition holds, else 1 (a signal
 * always fails). The command's stdout and stderr pass through. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static int usage(void)
{
    fputs("usage: ak_rlimit_run [--as BYTES] [--max-rss BYTES] [--expect CODE] [--quiet] -- COMMAND [ARG...]\n",
          stderr);
    return 2;
}

/* A size with an optional K/M/G suffix (powers of 1024); false when malformed. */
static bool parse_size(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return false;
    unsigned shift = 0;
    switch (*end) {
    case '\0': break;
    case 'K': case 'k': shift = 10; end++; break;
    case 'M': case 'm': shift = 20; end++; break;
    case 'G': case 'g': shift = 30; end++; break;
    default: return false;
    }
    if (*end || (shift && v > (~0ULL >> shift)))
        return false;
    *out = v << shift;
    return true;
}

int main(int argc, char **argv)
{
    unsigned long long as_limit = 0, max_rss = 0, expect = 0;
    bool have_as = false, have_rss = false, have_expect = false, quiet = false;
    int i = 1;
    for (; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        }
        if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (i + 1 >= argc)
            return usage();
        if (strcmp(argv[i], "--as") == 0)
            have_as = parse_size(argv[++i], &as_limit);
        else if (strcmp(argv[i], "--max-rss") == 0)
            have_rss = parse_size(argv[++i], &max_rss);
        else if (strcmp(argv[i], "--expect") == 0)
            have_expect = parse_size(argv[++i], &expect) && expect < 256;
        else
            return usage();
        if ((strcmp(argv[i - 1], "--as") == 0 && !have_as) || (strcmp(argv[i - 1], "--max-rss") == 0 && !have_rss) ||
            (strcmp(argv[i - 1], "--expect") == 0 && !have_expect)) {
            fprintf(stderr, "ak_rlimit_run: bad value for %s: '%s'\n", argv[i - 1], argv[i]);
            return 2;
        }
    }
    if (i >= argc)
        return usage();

    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("ak_rlimit_run: fork");
        return 2;
    }
    if (pid == 0) {
        if (have_as) {
            struct rlimit rl = {(rlim_t)as_limit, (rlim_t)as_limit};
            if (setrlimit(RLIMIT_AS, &rl) != 0) {
                perror("ak_rlimit_run: setrlimit");
                _exit(127);
            }
        }
        execvp(argv[i], argv + i);
        fprintf(stderr, "ak_rlimit_run: cannot run %s: %s\n", argv[i], strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR) {
            perror("ak_rlimit_run: wait4");
            return 2;
        }
    }
    const long rss_kib = ru.ru_maxrss; /* KiB on Linux */
    bool ok = true;
    int passthrough;
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        fprintf(stderr, "ak_rlimit_run: killed by signal %d (%s), peak RSS %ld KiB\n", sig, strsignal(sig), rss_kib);
        ok = false;
        passthrough = 128 + sig;
    } else {
        passthrough = WEXITSTATUS(status);
        if (!quiet || (have_expect && (unsigned long long)passthrough != expect))
            fprintf(stderr, "ak_rlimit_run: exit %d, peak RSS %ld KiB\n", passthrough, rss_kib);
        if (have_expect && (unsigned long long)passthrough != expect) {
            fprintf(stderr, "ak_rlimit_run: expected exit %llu\n", expect);
            ok = false;
        }
    }
    if (have_rss && (unsigned long long)rss_kib * 1024u >= max_rss) {
        fprintf(stderr, "ak_rlimit_run: peak RSS %ld KiB is not below the limit of %llu KiB\n", rss_kib,
                max_rss / 1024u);
        ok = false;
    }
    if (!have_expect && !have_rss)
        return passthrough;
    return ok ? 0 : 1;
}
