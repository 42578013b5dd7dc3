/* Folders given to validate and report: what a walk met, what a walk
 * error means, and the one line that says a folder had nothing to check
 * (both commands then exit 2 unless --allow-empty: a CI job pointed at the
 * wrong folder must not pass). */
#include "cli.h"

#include <string.h>
#include <sys/stat.h>

void census_add(dir_census *c, const char *path)
{
    const char *base = strrchr(path, '/');
    const char *dot = strrchr(base ? base + 1 : path, '.');
    const char *ext = dot && dot[1] ? dot : "(none)";
    c->files++;
    for (int i = 0; i < 4; i++) {
        if (!c->exts[i][0] && strlen(ext) < sizeof c->exts[i])
            snprintf(c->exts[i], sizeof c->exts[i], "%s", ext);
        if (strcmp(c->exts[i], ext) == 0) {
            c->ext_count[i]++;
            return;
        }
    }
    c->other++;
}

void report_empty_folder(const char *cmd, const char *dir, const dir_census *c, bool allowed)
{
    if (c->files == 0) {
        fprintf(stderr, "%s %s: %s: %s: no files in it%s\n", prog, cmd, shown(dir), allowed ? "note" : "error",
                allowed ? " (--allow-empty)" : "");
        return;
    }
    char found[160] = "";
    size_t used = 0;
    for (int i = 0; i < 4 && c->exts[i][0]; i++)
        used += (size_t)snprintf(found + used, used < sizeof found ? sizeof found - used : 0, "%s%zu %s",
                                 i ? ", " : "", c->ext_count[i], c->exts[i]);
    if (c->other && used < sizeof found)
        snprintf(found + used, sizeof found - used, ", %zu other", c->other);
    fprintf(stderr, "%s %s: %s: %s: no file of a supported format among its %zu file%s (%s)%s\n", prog, cmd,
            shown(dir), allowed ? "note" : "error", c->files, c->files == 1 ? "" : "s", found,
            allowed ? " (--allow-empty)" : "; 'animkit formats' lists the formats");
}

const char *walk_error(const char *path, int err)
{
    if (err != AK_WALK_NOT_A_FILE)
        return strerror(err);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISFIFO(st.st_mode))
        return "not checked: a FIFO is not a regular file (reading one could wait for ever)";
    if (stat(path, &st) == 0 && S_ISSOCK(st.st_mode))
        return "not checked: a socket is not a regular file";
    return "not checked: a device is not a regular file";
}
