/* SPDX-License-Identifier: Apache-2.0 */
/* wormcast sweep: the runs of one figure, fanned out by GNU parallel.
 *
 * A figure is a sweep of independent runs of one wormcast command over the
 * cross product of a few parameter axes (docs/sweep.md).  This command
 * expands the spec into a job list, hands it to GNU parallel (local cores,
 * or the machines of an --sshloginfile) with a job log that makes the sweep
 * resumable, then merges the runs' CSV output, in job order, into one CSV
 * for the figure.  Scheduling, retries over ssh and the job log are
 * parallel's: nothing here schedules.
 *
 * The spec, one directive per line ('#' starts a comment):
 *   figure NAME              the merged CSV is OUT/NAME.csv
 *   run    COMMAND ARGS...   a wormcast command; {AXIS} is the axis's value
 *   axis   AXIS V1 V2 ...    one axis; jobs are the cross product, the last
 *                            axis varying fastest
 * The run line is split at blanks and passed word for word: no quoting and
 * no shell syntax, so a value can only ever be an argument. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli_args.h"
#include "wc_file.h"

/* Bounds that keep a mistyped spec from asking for millions of jobs or
 * unbounded memory; a real figure is tens to a few thousand runs. */
#define SW_MAX_AXES 8
#define SW_MAX_VALUES 1000
#define SW_MAX_JOBS 100000L
#define SW_MAX_WORDS 64
#define SW_MAX_LINE 4096
/* The spec file: 8 axes of 1,000 values of 64 characters and the rest */
#define SW_MAX_SPEC ((size_t)1 << 20)
#define SW_MAX_NAME 32
#define SW_MAX_VALUE 64
/* A run's output: its CSV header and rows, at most this long each. */
#define SW_MAX_CSV_LINE 8192

/* The commands a run may name (commands.def), but sweep itself. */
static const char *const known_cmds[] = {
#define WC_CMD(name, help) #name,
#include "commands.def"
#undef WC_CMD
    NULL
};

typedef struct {
    char name[SW_MAX_NAME];
    int n;
    char (*v)[SW_MAX_VALUE];
} sw_axis;

typedef struct {
    char figure[SW_MAX_NAME];
    char *words[SW_MAX_WORDS]; /* the run line's words */
    int nwords;
    sw_axis axis[SW_MAX_AXES];
    int naxes;
    long njobs;
    char line_buf[SW_MAX_LINE]; /* owns the run line's words */
} sw_spec;

static void spec_free(sw_spec *s)
{
    int a;
    for (a = 0; a < s->naxes; a++)
        free(s->axis[a].v);
}

static int name_ok(const char *s, size_t max)
{
    size_t n = strlen(s);
    return n > 0 && n < max && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == n;
}

/* Values become arguments of a command that GNU parallel runs through a
 * shell (it quotes them, but a value with none of these needs no quoting
 * anywhere, also in the merged CSV). */
static int value_ok(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && n < SW_MAX_VALUE &&
           strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:+-/=x") == n;
}

static int axis_index(const sw_spec *s, const char *name, size_t len)
{
    int a;
    for (a = 0; a < s->naxes; a++)
        if (strlen(s->axis[a].name) == len && !strncmp(s->axis[a].name, name, len))
            return a;
    return -1;
}

/* Checks a run word: its {AXIS} references name axes; marks them used.
 * Other shell syntax is refused: the words reach a shell through parallel. */
static int word_check(const sw_spec *s, const char *w, int *used, char *err, int errlen)
{
    const char *p = w;
    if (strpbrk(w, "'\"`$\\;|&<>()*?[]~!#"))
        return wc_err(err, errlen, "run: '%s' has shell syntax (quotes, $, ;, |, &, <, >, ...): a run line is words only", w);
    while ((p = strchr(p, '{'))) {
        const char *q = strchr(p, '}');
        int a;
        if (!q)
            return wc_err(err, errlen, "run: '%s' opens '{' without '}'", w);
        if ((a = axis_index(s, p + 1, (size_t)(q - p - 1))) < 0)
            return wc_err(err, errlen, "run: '%.*s' in '%s' is not an axis of the spec", (int)(q - p + 1), p, w);
        used[a] = 1;
        p = q + 1;
    }
    if (strchr(w, '}') && !strchr(w, '{'))
        return wc_err(err, errlen, "run: '%s' closes '}' without '{'", w);
    return 0;
}

static int spec_read(const char *path, sw_spec *s, char *err, int errlen)
{
    FILE *f;
    char line[SW_MAX_LINE + 2], *text;
    int lineno = 0, have_run = 0, run_lineno = 0, used[SW_MAX_AXES] = { 0 }, a, i;
    char runline[SW_MAX_LINE] = "";
    size_t len;
    memset(s, 0, sizeof *s);
    /* bounded in size and in the wait for a pipe (wc_file.h), then parsed
     * line by line from memory */
    if (!(text = wc_file_read(path, path, "sweep spec", SW_MAX_SPEC, &len, err, errlen)))
        return -1;
    if (memchr(text, 0, len)) {
        free(text);
        return wc_err(err, errlen, "%s: holds a NUL byte: not a text file", path);
    }
    /* a stream of its own copy, so the text can go now */
    if ((f = fmemopen(NULL, len + 1, "w+")) && (fwrite(text, 1, len, f) != len || fseek(f, 0, SEEK_SET))) {
        fclose(f);
        f = NULL;
    }
    free(text);
    if (!f)
        return wc_err(err, errlen, "%s: %s", path, strerror(errno));
    while (fgets(line, sizeof line, f)) {
        char *p, *kw, *save = NULL;
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            fclose(f);
            return wc_err(err, errlen, "%s:%d: line longer than %d characters", path, lineno, SW_MAX_LINE);
        }
        if ((p = strchr(line, '#')))
            *p = 0;
        if (!(kw = strtok_r(line, " \t\r\n", &save)))
            continue;
        if (!strcmp(kw, "figure")) {
            char *n = strtok_r(NULL, " \t\r\n", &save);
            if (s->figure[0] || !n || !name_ok(n, SW_MAX_NAME) || strtok_r(NULL, " \t\r\n", &save)) {
                fclose(f);
                return wc_err(err, errlen, "%s:%d: 'figure NAME' once, NAME of letters, digits, '_' and '-' (up to %d)",
                              path, lineno, SW_MAX_NAME - 1);
            }
            strcpy(s->figure, n);
        } else if (!strcmp(kw, "run")) {
            char *rest = strtok_r(NULL, "\r\n", &save);
            if (have_run++) {
                fclose(f);
                return wc_err(err, errlen, "%s:%d: one 'run COMMAND ARGS...' line per spec", path, lineno);
            }
            snprintf(runline, sizeof runline, "%s", rest ? rest : "");
            run_lineno = lineno;
        } else if (!strcmp(kw, "axis")) {
            char *n = strtok_r(NULL, " \t\r\n", &save), *v;
            sw_axis *ax;
            if (s->naxes == SW_MAX_AXES) {
                fclose(f);
                return wc_err(err, errlen, "%s:%d: more than %d axes", path, lineno, SW_MAX_AXES);
            }
            if (!n || !name_ok(n, SW_MAX_NAME) || strchr(n, '-') || axis_index(s, n, strlen(n)) >= 0) {
                fclose(f);
                return wc_err(err, errlen, "%s:%d: 'axis NAME VALUES...': NAME of letters, digits and '_', not given before",
                              path, lineno);
            }
            ax = &s->axis[s->naxes++];
            strcpy(ax->name, n);
            if (!(ax->v = malloc(sizeof *ax->v * SW_MAX_VALUES))) {
                fclose(f);
                return wc_err(err, errlen, "out of memory");
            }
            while ((v = strtok_r(NULL, " \t\r\n", &save))) {
                if (ax->n == SW_MAX_VALUES || !value_ok(v)) {
                    fclose(f);
                    return ax->n == SW_MAX_VALUES
                               ? wc_err(err, errlen, "%s:%d: axis %s has more than %d values", path, lineno, n, SW_MAX_VALUES)
                               : wc_err(err, errlen,
                                        "%s:%d: axis %s: value '%s' (letters, digits and . _ : + - / = only, up to %d)",
                                        path, lineno, n, v, SW_MAX_VALUE - 1);
                }
                strcpy(ax->v[ax->n++], v);
            }
            if (!ax->n) {
                fclose(f);
                return wc_err(err, errlen, "%s:%d: axis %s has no values", path, lineno, n);
            }
        } else {
            fclose(f);
            return wc_err(err, errlen, "%s:%d: unknown directive '%s' (figure, run, axis)", path, lineno, kw);
        }
    }
    fclose(f);
    if (!s->figure[0] || !have_run || !s->naxes)
        return wc_err(err, errlen, "%s: needs a 'figure', a 'run' and at least one 'axis' line", path);
    /* the run line's words, checked against the axes (given in any order) */
    memcpy(s->line_buf, runline, sizeof runline);
    {
        char *save = NULL, *w = strtok_r(s->line_buf, " \t", &save);
        for (; w; w = strtok_r(NULL, " \t", &save)) {
            if (s->nwords == SW_MAX_WORDS)
                return wc_err(err, errlen, "%s: the run line has more than %d words", path, SW_MAX_WORDS);
            if (word_check(s, w, used, err, errlen) < 0)
                return -1;
            s->words[s->nwords++] = w;
        }
    }
    if (!s->nwords)
        return wc_err(err, errlen, "%s:%d: the run line names no command ('run COMMAND ARGS...')", path, run_lineno);
    for (i = 0; known_cmds[i] && strcmp(known_cmds[i], s->words[0]); i++)
        ;
    if (!known_cmds[i])
        return wc_err(err, errlen, "%s: run: '%s' is not a wormcast command (wormcast --help lists them)", path,
                      s->words[0]);
    /* a sweep of sweeps would start GNU parallel from every job */
    if (!strcmp(s->words[0], "sweep"))
        return wc_err(err, errlen, "%s: run: a sweep's jobs cannot be sweeps", path);
    s->njobs = 1;
    for (a = 0; a < s->naxes; a++) {
        if (!used[a])
            return wc_err(err, errlen, "%s: axis %s is not used by the run line (each of its values would repeat the same runs)",
                          path, s->axis[a].name);
        s->njobs *= s->axis[a].n;
        if (s->njobs > SW_MAX_JOBS)
            return wc_err(err, errlen, "%s: more than %ld jobs", path, SW_MAX_JOBS);
    }
    return 0;
}

/* The values of job j (0-based), the last axis varying fastest. */
static void job_values(const sw_spec *s, long j, const char *val[SW_MAX_AXES])
{
    int a;
    for (a = s->naxes - 1; a >= 0; a--) {
        val[a] = s->axis[a].v[j % s->axis[a].n];
        j /= s->axis[a].n;
    }
}

/* Word w with each {AXIS} replaced: by the value (vals != NULL), or by
 * GNU parallel's column reference {K}. */
static int word_expand(const sw_spec *s, const char *w, const char *const *vals, char *out, size_t len)
{
    size_t o = 0;
    while (*w) {
        if (*w == '{') {
            const char *q = strchr(w, '}');
            int a = axis_index(s, w + 1, (size_t)(q - w - 1));
            int k = vals ? snprintf(out + o, len - o, "%s", vals[a]) : snprintf(out + o, len - o, "{%d}", a + 1);
            if (k < 0 || (size_t)k >= len - o)
                return -1;
            o += (size_t)k;
            w = q + 1;
        } else {
            if (o + 1 >= len)
                return -1;
            out[o++] = *w++;
        }
    }
    out[o] = 0;
    return 0;
}

static int mkdir_p(const char *path, char *err, int errlen)
{
    char p[PATH_MAX];
    size_t i;
    if (snprintf(p, sizeof p, "%s", path) >= (int)sizeof p)
        return wc_err(err, errlen, "%s: path too long", path);
    for (i = 1; p[i]; i++)
        if (p[i] == '/') {
            p[i] = 0;
            if (mkdir(p, 0777) && errno != EEXIST)
                return wc_err(err, errlen, "cannot create %s: %s", p, strerror(errno));
            p[i] = '/';
        }
    if (mkdir(p, 0777) && errno != EEXIST)
        return wc_err(err, errlen, "cannot create %s: %s", p, strerror(errno));
    return 0;
}

/* The job list parallel reads: one line per job, the axes' values
 * separated by tabs.  Returns the text (free it) or NULL. */
static char *jobs_text(const sw_spec *s, size_t *len)
{
    size_t cap = (size_t)s->njobs * (size_t)s->naxes * (SW_MAX_VALUE + 1) + 1, o = 0;
    char *t = malloc(cap);
    long j;
    int a;
    if (!t)
        return NULL;
    for (j = 0; j < s->njobs; j++) {
        const char *v[SW_MAX_AXES];
        job_values(s, j, v);
        for (a = 0; a < s->naxes; a++)
            o += (size_t)snprintf(t + o, cap - o, "%s%c", v[a], a + 1 < s->naxes ? '\t' : '\n');
    }
    *len = o;
    return t;
}

/* 1 if file path holds exactly text, 0 if not or absent. */
static int file_equals(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "rb");
    size_t i = 0;
    int c, same = 1;
    if (!f)
        return 0;
    while ((c = getc(f)) != EOF)
        if (i >= len || text[i++] != (char)c) {
            same = 0;
            break;
        }
    fclose(f);
    return same && i == len;
}

static int write_file(const char *path, const char *text, size_t len, char *err, int errlen)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f))
        return wc_err(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return 0;
}

/* rm -rf of the previous run's results, without a shell */
static int remove_tree(const char *path)
{
    pid_t pid = fork();
    int st;
    if (pid < 0)
        return -1;
    if (!pid) {
        execlp("rm", "rm", "-rf", "--", path, (char *)NULL);
        _exit(127);
    }
    return waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st) ? 0 : -1;
}

/* What --out names: 0 absent, 1 an empty directory, 2 a sweep's directory
 * (it holds the job list a sweep writes first), -1 with the message in err
 * when it is anything else.  A sweep replaces its own results only: a
 * directory of other files is refused, not emptied. */
static int out_state(const char *out, char *err, int errlen)
{
    struct stat st;
    char p[PATH_MAX];
    DIR *d;
    struct dirent *e;
    int other = 0;
    if (stat(out, &st))
        return errno == ENOENT ? 0 : wc_err(err, errlen, "--out %s: %s", out, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return wc_err(err, errlen, "--out %s exists and is not a directory", out);
    snprintf(p, sizeof p, "%s/jobs.tsv", out);
    if (!stat(p, &st) && S_ISREG(st.st_mode))
        return 2;
    if (!(d = opendir(out)))
        return wc_err(err, errlen, "--out %s: %s", out, strerror(errno));
    while (!other && (e = readdir(d)))
        other = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    if (other)
        return wc_err(err, errlen,
                      "--out %s holds files but no sweep's job list (jobs.tsv): a sweep writes its results only "
                      "into a new, empty or earlier sweep's directory, and removes nothing else",
                      out);
    return 1;
}

/* Runs argv; its exit status, 127 when it could not start, -1 on a signal. */
static int run_argv(char **argv)
{
    pid_t pid = fork();
    int st;
    if (pid < 0)
        return -1;
    if (!pid) {
        execvp(argv[0], argv);
        _exit(127);
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Fields of a CSV line (a quoted field may hold commas). */
static int csv_fields(const char *l)
{
    int n = 1, q = 0;
    for (; *l && *l != '\n' && *l != '\r'; l++)
        if (*l == '"')
            q = !q;
        else if (*l == ',' && !q)
            n++;
    return n;
}

/* Merges the runs' CSV output in job order into OUT/FIGURE.csv: a column
 * "job" (the job's number, its output is OUT/res/JOB), one column per
 * axis, then the runs' columns.  An axis whose name is also a column of
 * the runs' is called axis_NAME: the run's column of that name need not
 * hold the axis's value (msg's "bytes" counts all bytes delivered).  Every
 * run must print the same header and at least one row. */
static int merge(const sw_spec *s, const char *out, const char *csv, long *rows, char *err, int errlen)
{
    char path[PATH_MAX], header[SW_MAX_CSV_LINE + 2] = "", line[SW_MAX_CSV_LINE + 2];
    int a, nf = 0;
    FILE *o;
    long j;
    *rows = 0;
    if (!(o = fopen(csv, "w")))
        return wc_err(err, errlen, "cannot write %s: %s", csv, strerror(errno));
    for (j = 0; j < s->njobs; j++) {
        const char *v[SW_MAX_AXES];
        FILE *f;
        long n = 0;
        snprintf(path, sizeof path, "%s/res/%ld", out, j + 1);
        if (!(f = fopen(path, "r"))) {
            fclose(o);
            return wc_err(err, errlen, "job %ld: no output %s (%s)", j + 1, path, strerror(errno));
        }
        job_values(s, j, v);
        while (fgets(line, sizeof line, f)) {
            if (!strchr(line, '\n')) {
                fclose(f);
                fclose(o);
                return wc_err(err, errlen, "job %ld: %s: a line longer than %d characters or without its newline", j + 1,
                              path, SW_MAX_CSV_LINE);
            }
            if (n == 0 ? csv_fields(line) < 2 : csv_fields(line) != nf) {
                fclose(f);
                fclose(o);
                return wc_err(err, errlen, "job %ld: %s line %ld is no CSV (does the run line ask for --csv?)", j + 1,
                              path, n + 1);
            }
            if (n++ == 0) {
                nf = csv_fields(line);
                if (j == 0) {
                    char cols[SW_MAX_CSV_LINE + 4];
                    snprintf(header, sizeof header, "%s", line);
                    snprintf(cols, sizeof cols, ",%.*s,", (int)strcspn(line, "\r\n"), line);
                    fputs("job", o);
                    for (a = 0; a < s->naxes; a++) {
                        char key[SW_MAX_NAME + 2];
                        snprintf(key, sizeof key, ",%s,", s->axis[a].name);
                        fprintf(o, ",%s%s", strstr(cols, key) ? "axis_" : "", s->axis[a].name);
                    }
                    fprintf(o, ",%s", line);
                } else if (strcmp(line, header)) {
                    fclose(f);
                    fclose(o);
                    return wc_err(err, errlen, "job %ld: %s: its CSV header differs from job 1's", j + 1, path);
                }
                continue;
            }
            fprintf(o, "%ld", j + 1);
            for (a = 0; a < s->naxes; a++)
                fprintf(o, ",%s", v[a]);
            fprintf(o, ",%s", line);
            (*rows)++;
        }
        fclose(f);
        if (n < 2) {
            fclose(o);
            return wc_err(err, errlen, "job %ld: %s is no CSV (does the run line ask for --csv?): no header and row", j + 1,
                          path);
        }
    }
    if (fclose(o))
        return wc_err(err, errlen, "cannot write %s: %s", csv, strerror(errno));
    return 0;
}

/* The job log's lines after its header (the runs parallel made, a
 * rerun of a failed job included), and how many distinct jobs of 1..njobs
 * it holds as done (exit status 0, no signal). */
static long joblog_read(const char *path, long njobs, long *done)
{
    FILE *f = fopen(path, "r");
    char line[SW_MAX_LINE + 2];
    unsigned char *seen;
    long n = 0, seq;
    int exitval, sig;
    *done = 0;
    if (!f)
        return 0;
    if (!(seen = calloc((size_t)njobs + 1, 1))) {
        fclose(f);
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        if (!strchr(line, '\n'))
            break; /* a command longer than the buffer: not ours */
        if (n++ == 0)
            continue;
        /* Seq Host Starttime JobRuntime Send Receive Exitval Signal Command */
        if (sscanf(line, "%ld\t%*s\t%*s\t%*s\t%*s\t%*s\t%d\t%d", &seq, &exitval, &sig) == 3 && seq >= 1 &&
            seq <= njobs && !exitval && !sig && !seen[seq]) {
            seen[seq] = 1;
            (*done)++;
        }
    }
    free(seen);
    fclose(f);
    return n > 0 ? n - 1 : 0;
}

int wc_cmd_sweep(int argc, char **argv)
{
    const char *spec_path = NULL, *out_opt = NULL, *sshlogin = NULL, *remote = NULL;
    int jobs = 0, resume = 0, dry = 0, st, i, ostate;
    char err[PATH_MAX + 256], out[PATH_MAX - 64], path[PATH_MAX], csv[PATH_MAX], self[PATH_MAX];
    char *text, *pargv[SW_MAX_WORDS + 40];
    size_t len;
    long j, before, done_before, done, rows;
    sw_spec s;
    wc_opt opts[] = {
        WC_OPT_STRING("--spec", "FILE", &spec_path, "the sweep: figure, run and axis lines (docs/sweep.md)"),
        WC_OPT_STRING("--out", "DIR", &out_opt,
                      "where the job list, the job log, each run's output (res/JOB) and the merged\n"
                      "FIGURE.csv go (default sweep/FIGURE)"),
        WC_OPT_INT("--jobs", "N", &jobs, 0, 4096, "runs at once per machine (0: one per core, parallel's default)"),
        WC_OPT_STRING("--sshloginfile", "FILE",
                      &sshlogin, "run on the machines listed in FILE (GNU parallel's format; ':' is this one)"),
        WC_OPT_STRING("--remote-wormcast", "PATH", &remote,
                      "the wormcast binary on every machine (default: this binary's absolute path)"),
        WC_OPT_FLAG("--resume", &resume,
                    "keep the runs the job log holds as done, rerun the failed ones and run the rest\n"
                    "(the spec must not have changed)"),
        WC_OPT_FLAG("--dry-run", &dry, "print each job's command and run nothing"),
        WC_OPT_END
    };
    wc_cli cli = { "sweep", "--spec FILE [--out DIR] [--jobs N] [--sshloginfile FILE] [--resume] [--dry-run]",
                   "runs a figure's sweep through GNU parallel and merges the runs' CSV into one", NULL, "--spec",
                   opts, NULL, NULL };
    cli.examples = "wormcast sweep --spec docs/results/lecture_mchain.sweep --dry-run            # the runs it would make\n"
                   "wormcast sweep --spec docs/results/lecture_mchain.sweep --out sweep/mchain   # run them: one merged CSV";
    if ((st = wc_cli_parse(&cli, argc, argv)) != WC_CLI_RUN)
        return st;
    if (spec_read(spec_path, &s, err, sizeof err) < 0) {
        spec_free(&s);
        return wc_cli_error(&cli, "%s", err);
    }
    if (sshlogin) {
        /* parallel would fail late and with exit 1; a FIFO must not block */
        size_t n;
        char *t = wc_file_read(sshlogin, sshlogin, "list of machines", SW_MAX_SPEC, &n, err, sizeof err);
        if (!t) {
            spec_free(&s);
            return wc_cli_error(&cli, "--sshloginfile %s", err);
        }
        free(t);
    }
    /* more slots than jobs only cost parallel time (it probes its file
     * handles for every slot: tens of seconds for thousands) */
    if (jobs > s.njobs)
        jobs = (int)s.njobs;
    if (dry) {
        for (j = 0; j < s.njobs; j++) {
            const char *v[SW_MAX_AXES];
            char w[SW_MAX_LINE];
            job_values(&s, j, v);
            printf("%ld: wormcast", j + 1);
            for (i = 0; i < s.nwords; i++) {
                if (word_expand(&s, s.words[i], v, w, sizeof w) < 0) {
                    spec_free(&s);
                    return wc_cli_error(&cli, "job %ld: a word longer than %d characters", j + 1, SW_MAX_LINE);
                }
                printf(" %s", w);
            }
            putchar('\n');
        }
        spec_free(&s);
        return 0;
    }
    if (snprintf(out, sizeof out, "%s%s", out_opt ? out_opt : "sweep/", out_opt ? "" : s.figure) >= (int)sizeof out ||
        snprintf(csv, sizeof csv, "%s/%s.csv", out, s.figure) >= (int)sizeof csv) {
        spec_free(&s);
        return wc_cli_error(&cli, "--out: path too long");
    }
    if (!remote) {
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n <= 0) {
            spec_free(&s);
            return wc_cli_error(&cli, "cannot find this binary's path (/proc/self/exe); give --remote-wormcast PATH");
        }
        self[n] = 0;
        remote = self;
    }
    if ((ostate = out_state(out, err, sizeof err)) < 0) {
        spec_free(&s);
        return wc_cli_error(&cli, "%s", err);
    }
    err[0] = 0;
    if (mkdir_p(out, err, sizeof err) < 0 || !(text = jobs_text(&s, &len))) {
        spec_free(&s);
        return wc_cli_error(&cli, "%s", err[0] ? err : "out of memory");
    }
    snprintf(path, sizeof path, "%s/jobs.tsv", out);
    if (resume && !file_equals(path, text, len)) {
        free(text);
        spec_free(&s);
        return wc_cli_error(&cli, "--resume: %s is absent or not this spec's job list (the spec changed?): run without --resume",
                            path);
    }
    if (!resume) {
        char p2[PATH_MAX];
        if (ostate == 2)
            fprintf(stderr, "sweep %s: %s holds an earlier sweep: its job list, job log, res/ and merged CSV are "
                    "replaced\n", s.figure, out);
        snprintf(p2, sizeof p2, "%s/res", out);
        snprintf(csv, sizeof csv, "%s/joblog", out);
        if (remove_tree(p2) < 0 || (unlink(csv) && errno != ENOENT)) {
            free(text);
            spec_free(&s);
            return wc_cli_error(&cli, "cannot remove the previous results in %s", out);
        }
        snprintf(csv, sizeof csv, "%s/%s.csv", out, s.figure);
        unlink(csv);
        if (write_file(path, text, len, err, sizeof err) < 0) {
            free(text);
            spec_free(&s);
            return wc_cli_error(&cli, "%s", err);
        }
    }
    free(text);

    /* parallel's command line: the job log, the outputs under res/, the
     * job list as tab-separated columns */
    {
        static char joblog[PATH_MAX], results[PATH_MAX], jobsarg[16], words[SW_MAX_WORDS][SW_MAX_LINE];
        int k = 0;
        snprintf(joblog, sizeof joblog, "%s/joblog", out);
        snprintf(results, sizeof results, "%s/res/{#}", out);
        pargv[k++] = "parallel";
        pargv[k++] = "--colsep";
        pargv[k++] = "\t";
        pargv[k++] = "--joblog";
        pargv[k++] = joblog;
        pargv[k++] = "--results";
        pargv[k++] = results;
        pargv[k++] = "--halt";
        pargv[k++] = "never";
        if (resume)
            pargv[k++] = "--resume-failed";
        if (jobs) {
            snprintf(jobsarg, sizeof jobsarg, "%d", jobs);
            pargv[k++] = "--jobs";
            pargv[k++] = jobsarg;
        }
        if (sshlogin) {
            pargv[k++] = "--sshloginfile";
            pargv[k++] = (char *)sshlogin;
            /* the RTL engines' sources and build directory, where given */
            if (getenv("WORMCAST_ROOT")) {
                pargv[k++] = "--env";
                pargv[k++] = "WORMCAST_ROOT";
            }
            if (getenv("WORMCAST_BUILD")) {
                pargv[k++] = "--env";
                pargv[k++] = "WORMCAST_BUILD";
            }
        }
        if (isatty(2))
            pargv[k++] = "--eta";
        pargv[k++] = (char *)remote;
        for (i = 0; i < s.nwords; i++) {
            if (word_expand(&s, s.words[i], NULL, words[i], sizeof words[i]) < 0) {
                spec_free(&s);
                return wc_cli_error(&cli, "run: a word longer than %d characters", SW_MAX_LINE);
            }
            pargv[k++] = words[i];
        }
        pargv[k++] = "::::";
        pargv[k++] = path;
        pargv[k] = NULL;
        before = joblog_read(joblog, s.njobs, &done_before);
        if (jobs)
            fprintf(stderr, "sweep %s: %ld jobs, %d at once per machine%s, outputs in %s/res\n", s.figure, s.njobs,
                    jobs, resume ? " (resuming: the job log's successful runs are kept)" : "", out);
        else
            fprintf(stderr, "sweep %s: %ld jobs%s, outputs in %s/res\n", s.figure, s.njobs,
                    resume ? " (resuming: the job log's successful runs are kept)" : "", out);
        st = run_argv(pargv);
        if (st == 127) {
            spec_free(&s);
            return wc_cli_error(&cli, "cannot run GNU parallel: install the Debian package 'parallel' (tools/deps.sh)");
        }
        j = joblog_read(joblog, s.njobs, &done) - before;
        if (st != 0) {
            fprintf(stderr,
                    "wormcast sweep: %s: %ld of %ld jobs done, %s; the job log %s has each run's command and exit "
                    "status, %s/res/JOB and JOB.err its output; fix the cause and rerun with --resume (only the "
                    "failed and missing jobs run)\n",
                    s.figure, done, s.njobs, st < 0 ? "GNU parallel was killed" : st <= 100 ? "some failed" : "GNU parallel failed",
                    joblog, out);
            spec_free(&s);
            return 1;
        }
        fprintf(stderr, "sweep %s: %ld runs now, %ld jobs were done before\n", s.figure, j, done_before);
    }
    if (merge(&s, out, csv, &rows, err, sizeof err) < 0) {
        spec_free(&s);
        unlink(csv);
        fprintf(stderr, "wormcast sweep: %s\n", err);
        return 1;
    }
    printf("%s: %ld rows from %ld jobs\n", csv, rows, s.njobs);
    spec_free(&s);
    return 0;
}
