/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-test-util.h — the rows `perf report --sort dso,sym` and
 * `cyclescope report --sort dso,sym` name, side by side (header only)
 *
 * perf is the oracle: the names tests record a workload with perf, run both
 * reports on the same file and compare the rows by (dso, symbol) and
 * percentage. Unknown code is a row per address in both tools: perf prints
 * the address ("0x0000000000001a2b", or absolute for JIT code), we print
 * "dso+0x1a2b"; both become the key "dso\n+0x1a2b".
 */
#pragma once

#include <math.h>

#include "cs-profile-test-util.h"

/* Percentage points two tools may differ by on one row (rounding). */
#define CS_NAMES_TOLERANCE 0.1

typedef struct
{
  char   *dso;
  char   *sym;
  char   *key;      /* "dso\nsym", unknown code normalised as above */
  double  percent;
} CsNamesRow;

static inline void
cs_names_row_free (gpointer data)
{
  CsNamesRow *r = data;

  g_free (r->dso);
  g_free (r->sym);
  g_free (r->key);
  g_free (r);
}

static inline char *
cs_names_row_key (const char *dso,
                  const char *sym)
{
  const char *plus;

  if (g_str_has_prefix (sym, "0x"))
    return g_strdup_printf ("%s\n+0x%" G_GINT64_MODIFIER "x", dso, g_ascii_strtoull (sym + 2, NULL, 16));
  if ((plus = strstr (sym, "+0x")) != NULL && g_str_has_prefix (sym, dso) && plus == sym + strlen (dso))
    return g_strdup_printf ("%s\n+0x%" G_GINT64_MODIFIER "x", dso, g_ascii_strtoull (plus + 3, NULL, 16));
  return g_strdup_printf ("%s\n%s", dso, sym);
}

static inline CsNamesRow *
cs_names_row_new (const char *dso,
                  const char *sym,
                  double      percent)
{
  CsNamesRow *r = g_new0 (CsNamesRow, 1);

  r->dso = g_strdup (dso);
  r->sym = g_strdup (sym);
  r->key = cs_names_row_key (dso, sym);
  r->percent = percent;
  return r;
}

/* Runs @argv (argv[0] looked up in $PATH) under @envp (NULL: ours) and
 * returns stdout; fails the test when it fails. Not inlined: inlined, the
 * out-parameters confuse GCC 12's -Wdangling-pointer about every pointer
 * into the returned text. */
G_GNUC_NO_INLINE static char *
cs_names_run (const char * const *argv,
              const char * const *envp)
{
  g_autofree char *program = g_find_program_in_path (argv[0]);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char *err = NULL;
  int status = 0;
  char *out;

  if (program == NULL)
    g_error ("%s is not installed", argv[0]);
  g_ptr_array_add (args, program);
  for (guint i = 1; argv[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) argv[i]);
  g_ptr_array_add (args, NULL);
  out = cs_test_run_env ((const char * const *) args->pdata, envp, &err, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], err);
  return out;
}

/* Runs perf with @args under @envp (NULL: ours), returns stdout; fails the
 * test when perf fails. */
static inline char *
cs_names_perf (const char          *perf,
               const char * const  *args,
               const char * const  *envp)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) perf);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  return cs_names_run ((const char * const *) argv->pdata, envp);
}

/* `perf record -q ARGS -o FILE -- CMD` under @envp; fails the test when
 * perf cannot record. */
static inline void
cs_names_record (const char         *perf,
                 const char         *file,
                 const char * const *args,
                 const char * const *cmd,
                 const char * const *envp)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;

  g_ptr_array_add (argv, (gpointer) "record");
  g_ptr_array_add (argv, (gpointer) "-q");
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, (gpointer) "-o");
  g_ptr_array_add (argv, (gpointer) file);
  g_ptr_array_add (argv, (gpointer) "--");
  for (guint i = 0; cmd[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) cmd[i]);
  g_ptr_array_add (argv, NULL);
  out = cs_names_perf (perf, (const char * const *) argv->pdata, envp);
}

/* The rows of `perf report --stdio --sort dso,sym --no-children -g none`,
 * in perf's order. */
static inline GPtrArray *
cs_names_perf_rows (const char         *perf,
                    const char         *file,
                    const char * const *envp)
{
  const char *args[] = { "report", "-i", file, "--stdio", "--sort", "dso,sym", "--no-children",
                         "-g", "none", "-t", "|", NULL };
  g_autofree char *out = cs_names_perf (perf, args, envp);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *rows = g_ptr_array_new_with_free_func (cs_names_row_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      char *sym;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit (lines[i], "|", 3);
      if (g_strv_length (f) < 3)
        continue;
      sym = g_strstrip (f[2]);
      if (g_str_has_prefix (sym, "[.] ") || g_str_has_prefix (sym, "[k] "))
        sym += 4;
      g_ptr_array_add (rows, cs_names_row_new (g_strstrip (f[1]), g_strstrip (sym),
                                               g_ascii_strtod (g_strstrip (f[0]), NULL)));
    }
  return rows;
}

/* Runs `cyclescope ARGS` under @envp (NULL: ours) with only the source
 * tree's models visible. */
static inline CliResult
cs_names_cli (const char          *cyclescope,
              const char * const  *args,
              const char * const  *envp)
{
  g_autofree char *models = cs_test_source_path ("data/models");
  g_autofree char *xdg = cs_test_mkdtemp ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = envp != NULL ? g_strdupv ((char **) envp) : g_get_environ ();
  CliResult r = { 0 };
  int status = 0;

  env = g_environ_setenv (env, "XDG_DATA_HOME", xdg, TRUE);
  env = g_environ_setenv (env, "CYCLESCOPE_MODEL_PATH", models, TRUE);
  g_ptr_array_add (argv, (gpointer) cyclescope);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  r.out = cs_test_run_env ((const char * const *) argv->pdata, (const char * const *) env, &r.err,
                           &status);
  r.status = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
  cs_test_rmdir (xdg);
  return r;
}

/* Our rows of `cyclescope report FILE --sort dso,sym --format csv`. */
static inline GPtrArray *
cs_names_our_rows (const char         *cyclescope,
                   const char         *file,
                   const char * const *envp)
{
  const char *args[] = { "report", file, "--sort", "dso,sym", "--format", "csv", "--limit", "0", NULL };
  CliResult res = cs_names_cli (cyclescope, args, envp);
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func (cs_names_row_free);

  if (res.status != 0)
    g_error ("cyclescope report failed (%d): %s", res.status, res.err);
  lines = g_strsplit (res.out, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "event,percent,samples,period,dso,symbol"));
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) f = csv_split (lines[i]);

      g_assert_cmpuint (g_strv_length (f), >=, 6);
      g_ptr_array_add (rows, cs_names_row_new (f[4], f[5], g_ascii_strtod (f[1], NULL)));
    }
  cli_result_clear (&res);
  return rows;
}

static inline const CsNamesRow *
cs_names_find (GPtrArray  *rows,
               const char *key)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (((CsNamesRow *) rows->pdata[i])->key, key))
      return rows->pdata[i];
  return NULL;
}

static inline void
cs_names_print (const char *what,
                GPtrArray  *rows,
                guint       n)
{
  g_test_message ("%s:", what);
  for (guint i = 0; i < rows->len && i < n; i++)
    {
      const CsNamesRow *r = rows->pdata[i];

      g_test_message ("  %6.2f  %-24s %s", r->percent, r->dso, r->sym);
    }
}

/* perf's first @n rows of at least @min percent are ours by name, within
 * CS_NAMES_TOLERANCE, and so are ours: "names the rows perf report names".
 * @skip (may be NULL) may excuse a pair of rows (returns TRUE) where perf
 * 6.1 is known to name nothing (it prints an address). */
typedef gboolean (*CsNamesExcuse) (const CsNamesRow *row,
                                   GPtrArray        *other,
                                   gpointer          user_data);

static inline void
cs_names_check_one_way (const char    *a_name,
                        GPtrArray     *a,
                        const char    *b_name,
                        GPtrArray     *b,
                        guint          n,
                        double         min,
                        CsNamesExcuse  excuse,
                        gpointer       user_data)
{
  for (guint i = 0; i < a->len && i < n; i++)
    {
      const CsNamesRow *ra = a->pdata[i];
      const CsNamesRow *rb = cs_names_find (b, ra->key);
      double other = rb != NULL ? rb->percent : 0;

      if (ra->percent < min)
        break;
      if (fabs (ra->percent - other) <= CS_NAMES_TOLERANCE)
        continue;
      if (excuse != NULL && excuse (ra, b, user_data))
        continue;
      cs_names_print (a_name, a, n + 5);
      cs_names_print (b_name, b, n + 5);
      g_error ("%s names the row “%s %s” (%.2f %%) but %s has %.2f %% under that name", a_name, ra->dso,
               ra->sym, ra->percent, b_name, other);
    }
}

static inline void
cs_names_check (GPtrArray     *theirs,
                GPtrArray     *ours,
                guint          n,
                double         min,
                CsNamesExcuse  excuse,
                gpointer       user_data)
{
  cs_names_print ("perf report --sort dso,sym", theirs, n);
  cs_names_print ("cyclescope report --sort dso,sym", ours, n);
  cs_names_check_one_way ("perf", theirs, "cyclescope", ours, n, min, excuse, user_data);
  cs_names_check_one_way ("cyclescope", ours, "perf", theirs, n, min, excuse, user_data);
}

/* Copies @program to @copy, records `COPY ARG` with perf under @envp into
 * @file, then replaces the copy by a stripped build of it. A new file, as
 * `install -s` makes one: perf's build-id cache keeps the recorded file by
 * a hard link when it can, and stripping in place would strip that too. */
static inline void
cs_names_record_then_strip (const char         *perf,
                            const char         *program,
                            const char         *copy,
                            const char         *arg,
                            const char         *file,
                            const char * const *args,
                            const char * const *envp)
{
  g_autofree char *stripped = g_strconcat (copy, ".stripped", NULL);
  g_autofree char *cp = g_strdup_printf ("cp '%s' '%s'", program, copy);
  const char *strip[] = { "strip", "--strip-all", "-o", stripped, copy, NULL };
  const char *cmd[] = { copy, arg, NULL };
  g_autofree char *out = NULL;

  g_assert_cmpint (system (cp), ==, 0);
  cs_names_record (perf, file, args, cmd, envp);
  out = cs_names_run (strip, NULL);
  g_assert_cmpint (g_rename (stripped, copy), ==, 0);
}

/* The path of a built workload. */
static inline char *
cs_names_workload (const char *name)
{
  return g_build_filename (CS_TEST_BUILDDIR, "workloads", name, NULL);
}
