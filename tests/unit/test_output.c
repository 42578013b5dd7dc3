/* Output files (ak_output): a signal while the temporary file exists
 * removes it; a failed or aborted output leaves nothing behind. */
#include "test_support.h"

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static size_t entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void make_dir(char *dir, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, size, "%s/ak_output_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
}

static void interrupted_by(int sig)
{
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.animj", dir);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        ak_output o;
        if (!ak_output_open(&o, path, why, sizeof why) || !ak_output_write(&o, "{\"tracks\": [", 12, why, sizeof why))
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

static void test_sigint(void **state) { (void)state; interrupted_by(SIGINT); }
static void test_sigterm(void **state) { (void)state; interrupted_by(SIGTERM); }
static void test_sighup(void **state) { (void)state; interrupted_by(SIGHUP); }

static void test_abort_and_commit(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.bin", dir);
    ak_output o;
    assert_true(ak_output_open(&o, path, why, sizeof why));
    assert_true(ak_output_write(&o, "abc", 3, why, sizeof why));
    ak_output_abort(&o);
    assert_int_equal(entries(dir), 0);
    assert_true(ak_write_file_atomic(path, "abc", 3, why, sizeof why));
    assert_int_equal(entries(dir), 1);
    /* the commit restored the handlers that were there before */
    struct sigaction sa;
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
        cmocka_unit_test(test_abort_and_commit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
