/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-test-util.h — recording with perf, running cyclescope and
 * reading `perf report` for the profile tests (header only)
 *
 * perf is the oracle: its report (with `-t '|'` so that columns can be split
 * without guessing at widths) gives the rows and percentages ours must match.
 */
#pragma once

#include <string.h>
#include <sys/wait.h>

#include "cs-perf-test-util.h"

typedef struct
{
  char *out;
  char *err;
  int   status;   /* exit status, -1 when killed */
} CliResult;

static inline void
cli_result_clear (CliResult *r)
{
  g_clear_pointer (&r->out, g_free);
  g_clear_pointer (&r->err, g_free);
}

/* Runs `EXE ARGS…` with only the source tree's models visible. */
static inline CliResult
cli_run (const char          *exe,
         const char * const  *args)
{
  g_autofree char *models = cs_test_source_path ("data/models");
  g_autofree char *xdg = cs_test_mkdtemp ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  CliResult r = { 0 };
  int wait_status = 0;

  envp = g_environ_setenv (envp, "XDG_DATA_HOME", xdg, TRUE);
  envp = g_environ_setenv (envp, "CYCLESCOPE_MODEL_PATH", models, TRUE);
  g_ptr_array_add (argv, (gpointer) exe);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &r.out, &r.err, &wait_status, &error);
  g_assert_no_error (error);
  if (WIFEXITED (wait_status))
    r.status = WEXITSTATUS (wait_status);
  else
    r.status = -1;
  cs_test_rmdir (xdg);
  return r;
}

/* Records `CMD…` with `perf record -q ARGS…` into @out; g_error on failure. */
static inline void
profile_record (const char         *perf,
                const char         *out,
                const char * const *args,
                const char * const *cmd)
{
  if (!cs_perf_test_record (perf, out, args, cmd, FALSE))
    g_error ("perf record failed");
}

typedef struct
{
  double  percent;
  char   *dso;
  char   *sym;     /* without perf's "[.] " / "[k] " */
} PerfRow;

static inline void
perf_row_free (gpointer data)
{
  PerfRow *r = data;

  g_free (r->dso);
  g_free (r->sym);
  g_free (r);
}

/* The rows of `perf report --stdio -t '|' --sort KEYS --no-children -g none`,
 * in perf's order. @keys is "dso" or "dso,sym". */
static inline GPtrArray *
perf_report_rows (const char *perf,
                  const char *file,
                  const char *keys)
{
  const char *args[] = { "report", "-i", file, "--stdio", "--sort", keys, "--no-children",
                         "-g", "none", "-t", "|", NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *rows = g_ptr_array_new_with_free_func (perf_row_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      PerfRow *row;
      char *sym;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit (lines[i], "|", 3);
      if (g_strv_length (f) < 2)
        continue;
      row = g_new0 (PerfRow, 1);
      row->percent = g_ascii_strtod (g_strstrip (f[0]), NULL);
      row->dso = g_strdup (g_strstrip (f[1]));
      if (f[2] != NULL)
        {
          sym = g_strstrip (f[2]);
          if (g_str_has_prefix (sym, "[.] ") || g_str_has_prefix (sym, "[k] "))
            sym += 4;
          row->sym = g_strdup (g_strstrip (sym));
        }
      g_ptr_array_add (rows, row);
    }
  return rows;
}

/* Splits one CSV line (RFC 4180: quoted fields may hold commas and "").
 * No field of our output spans lines. */
static inline GStrv
csv_split (const char *line)
{
  GPtrArray *fields = g_ptr_array_new ();
  GString *f = g_string_new (NULL);
  gboolean quoted = FALSE;

  for (const char *p = line; ; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            {
              g_string_append_c (f, '"');
              p++;
            }
          else if (*p == '"')
            quoted = FALSE;
          else if (*p == '\0')
            break;
          else
            g_string_append_c (f, *p);
          continue;
        }
      if (*p == '"')
        quoted = TRUE;
      else if (*p == ',' || *p == '\0')
        {
          g_ptr_array_add (fields, g_string_free (f, FALSE));
          f = g_string_new (NULL);
          if (*p == '\0')
            break;
        }
      else
        g_string_append_c (f, *p);
    }
  g_string_free (f, TRUE);
  g_ptr_array_add (fields, NULL);
  return (GStrv) g_ptr_array_free (fields, FALSE);
}
