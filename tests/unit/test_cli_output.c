/* The command line's outputs (cli/output.c): a signal while the temporary
 * file exists removes it, a signal that comes while the file is being made
 * too, and a commit gives back the handlers that were there before. */
#include "test_output_dir.h"

#include "cli.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void interrupted_by(int sig, bool during_open)
{
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.animj", dir);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        ak_output o;
        if (during_open) {
            /* a signal that comes before the handler knows the file's
               name waits; once let through, it removes the file */
            sigset_t set, old;
            sigemptyset(&set);
            sigaddset(&set, sig);
            sigprocmask(SIG_BLOCK, &set, &old);
            raise(sig);
            if (!cli_output_open(&o, path, why, sizeof why))
                _exit(3);
            sigprocmask(SIG_SETMASK, &old, NULL);
            _exit(5);
        }
        if (!cli_output_open(&o, path, why, sizeof why) || !ak_output_write(&o, "{\"tracks\": [", 12, why, sizeof why))
            _exit(3);
        raise(sig); /* as if the user pressed ^C half-way */
        _exit(4);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), sig);
    assert_int_equal(entries(dir), 0); /* neither the output nor its temporary file */
    rmdir(dir);
}

static void test_sigint(void **state) { (void)state; interrupted_by(SIGINT, false); }
static void test_sigterm(void **state) { (void)state; interrupted_by(SIGTERM, false); }
static void test_sighup(void **state) { (void)state; interrupted_by(SIGHUP, false); }
static void test_signal_during_open(void **state) { (void)state; interrupted_by(SIGTERM, true); }

/* Opening a FIFO waits for a reader; SIGTERM ends the wait (the signals are
 * held back only while a temporary file is made). */
static void test_signal_while_fifo_waits(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/pipe.animj", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(20); /* SIGALRM, not SIGTERM, if the wait cannot be ended */
        ak_output o;
        cli_output_open(&o, path, why, sizeof why);
        _exit(3);
    }
    struct timespec pause = {0, 200 * 1000 * 1000};
    nanosleep(&pause, NULL); /* the child is in open(2), or soon will be */
    kill(pid, SIGTERM);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGTERM);
    unlink(path);
    rmdir(dir);
}

static void test_commit_restores_handlers(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.bin", dir);
    ak_output o;
    assert_true(cli_output_open(&o, path, why, sizeof why));
    struct sigaction sa;
    assert_int_equal(sigaction(SIGHUP, NULL, &sa), 0);
    assert_ptr_not_equal(sa.sa_handler, SIG_DFL);
    cli_output_abort(&o);
    assert_int_equal(entries(dir), 0);
    assert_true(cli_write_file_atomic(path, "abc", 3, why, sizeof why));
    assert_int_equal(entries(dir), 1);
    assert_int_equal(sigaction(SIGHUP, NULL, &sa), 0);
    assert_ptr_equal(sa.sa_handler, SIG_DFL);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sigint),
        cmocka_unit_test(test_sigterm),
        cmocka_unit_test(test_sighup),
        cmocka_unit_test(test_signal_during_open),
        cmocka_unit_test(test_signal_while_fifo_waits),
        cmocka_unit_test(test_commit_restores_handlers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
