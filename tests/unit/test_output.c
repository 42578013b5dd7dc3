/* Output files (ak_output): a failed or aborted output leaves nothing
 * behind; the library installs no signal handler (the command line does,
 * test_cli_output.c) and leaves the umask alone; outputs are independent of
 * each other. */
#include "test_output_dir.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

static const int cleanup_signals[3] = {SIGINT, SIGTERM, SIGHUP};

static void assert_default_handlers(void)
{
    for (int i = 0; i < 3; i++) {
        struct sigaction sa;
        assert_int_equal(sigaction(cleanup_signals[i], NULL, &sa), 0);
        assert_ptr_equal(sa.sa_handler, SIG_DFL);
    }
}

static void test_abort_and_commit(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.bin", dir);
    ak_output o;
    assert_true(ak_output_open(&o, path, why, sizeof why));
    assert_non_null(o.tmp);
    assert_true(ak_output_write(&o, "abc", 3, why, sizeof why));
    ak_output_abort(&o);
    assert_int_equal(entries(dir), 0);
    assert_true(ak_write_file_atomic(path, "abc", 3, why, sizeof why));
    assert_int_equal(entries(dir), 1);
    unlink(path);
    rmdir(dir);
}

static void test_no_signal_handler(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/out.bin", dir);
    assert_default_handlers();
    ak_output o;
    assert_true(ak_output_open(&o, path, why, sizeof why));
    assert_default_handlers(); /* while the temporary file exists, too */
    ak_output_abort(&o);
    assert_default_handlers();
    rmdir(dir);
}

static void test_two_outputs_at_once(void **state)
{
    (void)state;
    char dir[512], a[600], b[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(a, sizeof a, "%s/a.txt", dir);
    snprintf(b, sizeof b, "%s/b.txt", dir);
    ak_output oa, ob;
    assert_true(ak_output_open(&oa, a, why, sizeof why));
    assert_true(ak_output_open(&ob, b, why, sizeof why));
    assert_true(ak_output_write(&oa, "A", 1, why, sizeof why));
    assert_true(ak_output_write(&ob, "B", 1, why, sizeof why));
    ak_output_abort(&oa); /* leaves the other one alone */
    assert_true(ak_output_commit(&ob, why, sizeof why));
    assert_int_equal(entries(dir), 1);
    size_t n = 0;
    char *text = ak_test_read_file(b, &n);
    assert_non_null(text);
    assert_int_equal(n, 1);
    assert_int_equal(text[0], 'B');
    free(text);
    unlink(b);
    rmdir(dir);
}

/* A new file gets 0666 less the umask, which the library never changes. */
static void test_new_file_mode(void **state)
{
    (void)state;
    char dir[512], path[600], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/new.txt", dir);
    static const mode_t masks[] = {022, 077, 002};
    mode_t old = umask(masks[0]);
    for (size_t i = 0; i < 3; i++) {
        umask(masks[i]);
        assert_true(ak_write_file_atomic(path, "x", 1, why, sizeof why));
        assert_int_equal(umask(masks[i]), masks[i]); /* unchanged */
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        assert_int_equal(st.st_mode & 07777, 0666 & ~masks[i]);
        unlink(path);
    }
    umask(old);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_abort_and_commit),
        cmocka_unit_test(test_no_signal_handler),
        cmocka_unit_test(test_two_outputs_at_once),
        cmocka_unit_test(test_new_file_mode),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
