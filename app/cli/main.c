/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — cyclescope entry point: a CLI verb, or the viewer
 *
 * `cyclescope VERB …` runs a headless verb; `cyclescope` alone or with files
 * opens the window.
 *
 * This program is kept lean on purpose: its start-up is part of the wall time
 * of every program it records, and each shared library it links costs
 * ~0.1 ms of loading before main(). So it links only what recording needs
 * (GLib, json-c, libpfm4). The verbs that read profiles (libdw, capstone) or
 * draw charts (cairo, pango) live in cyclescope-analyze, the window in
 * cyclescope-viewer; both sit next to this binary in the build tree and in
 * libexecdir once installed, and this one execs them.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

#include "cs-cli.h"
#include "cs-i18n.h"

#define ANALYZE "cyclescope-analyze"
#define VIEWER "cyclescope-viewer"

typedef struct
{
  const char    *name;
  CsCliVerbFunc  func;      /* NULL: the verb runs in @helper */
  const char    *helper;
  const char    *summary;   /* translatable, N_() */
} FrontVerb;

static const FrontVerb verbs[] = {
  /* --- verbs (keep sorted by name) --- */
  { "annotate", NULL, ANALYZE, N_("Show source lines and instructions of a symbol with their samples") },
  { "diff", NULL, ANALYZE, N_("Compare two recordings: what changed and whether it is real") },
  { "events", cs_cli_events, NULL, N_("List the events libpfm4 knows for a PMU") },
  { "export", NULL, ANALYZE, N_("Export charts as PNG, SVG or PDF") },
  { "models", cs_cli_models, NULL, N_("List the cycle-accounting models") },
  { "record", cs_cli_record, NULL, N_("Record a program under performance counters") },
  { "report", NULL, ANALYZE, N_("Print the analysis of a session or perf.data file") },
  { "watch", NULL, ANALYZE, N_("Confirm a cacheline with hardware watchpoints in a new run") },
  /* --- end verbs --- */
  { NULL, NULL, NULL, NULL }
};

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n", _("Usage: cyclescope [VERB] [OPTIONS…] [FILE…]"));
  fprintf (out, "\n%s\n", _("Without a verb, opens the viewer on the given sessions or perf.data files."));
  fprintf (out, "\n%s\n", _("Verbs:"));
  for (guint i = 0; verbs[i].name != NULL; i++)
    fprintf (out, "  %-10s %s\n", verbs[i].name, _(verbs[i].summary));
  fprintf (out, "\n%s\n", _("Run “cyclescope VERB --help” for the options of a verb."));
}

/* Replaces this process with @program given argv[1…]: the files for the
 * viewer, the verb and its arguments for cyclescope-analyze. It is looked
 * for beside this binary, then in CYCLESCOPE_LIBEXECDIR (a colon-separated
 * list: an uninstalled build sets it through `meson devenv` or
 * build-aux/dev), then in the installed libexecdir. */
static int
exec_helper (const char  *what,
             const char  *program,
             int          argc,
             char       **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self != NULL ? g_path_get_dirname (self) : NULL;
  g_autofree char *installed = g_build_filename (CS_LIBEXECDIR, program, NULL);
  const char *env = g_getenv ("CYCLESCOPE_LIBEXECDIR");
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = NULL;
  g_autofree char **args = g_new0 (char *, argc + 1);

  if (dir != NULL)
    g_ptr_array_add (dirs, g_strdup (dir));
  if (env != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (env, ":", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        if (*parts[i] != '\0')
          g_ptr_array_add (dirs, g_strdup (parts[i]));
    }
  g_ptr_array_add (dirs, g_strdup (CS_LIBEXECDIR));
  for (guint i = 0; i < dirs->len && path == NULL; i++)
    {
      g_autofree char *candidate = g_build_filename (g_ptr_array_index (dirs, i), program, NULL);

      if (g_file_test (candidate, G_FILE_TEST_IS_EXECUTABLE))
        path = g_steal_pointer (&candidate);
    }
  if (path == NULL)
    {
      cs_cli_error (what, _("the program %s is not installed (looked for %s)"), program, installed);
      return 1;
    }
  args[0] = path;
  for (int i = 1; i < argc; i++)
    args[i] = argv[i];
  execv (path, args);
  cs_cli_error (what, _("could not start %s: %s"), path, g_strerror (errno));
  return 1;
}

int
main (int    argc,
      char **argv)
{
  cs_i18n_init ();

  if (argc >= 2)
    {
      if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 || strcmp (argv[1], "help") == 0)
        {
          print_usage (stdout);
          return 0;
        }
      if (strcmp (argv[1], "--version") == 0)
        {
          printf ("cyclescope %s\n", PACKAGE_VERSION);
          return 0;
        }
      for (guint i = 0; verbs[i].name != NULL; i++)
        if (strcmp (argv[1], verbs[i].name) == 0)
          {
            if (verbs[i].func == NULL)
              return exec_helper (verbs[i].name, verbs[i].helper, argc, argv);
            g_set_prgname ("cyclescope");
            return verbs[i].func (argc - 1, argv + 1);
          }
    }

  return exec_helper ("viewer", VIEWER, argc, argv);
}
