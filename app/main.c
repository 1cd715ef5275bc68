/* main.c — cyclescope entry point: a CLI verb, or the viewer
 *
 * `cyclescope VERB …` runs a headless verb; `cyclescope` alone or with files
 * opens the window.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

#include "cs-cli.h"
#include "cs-i18n.h"

static const CsCliVerb verbs[] = {
  /* --- verbs (keep sorted by name) --- */
  { "annotate", cs_cli_annotate, N_("Show source lines and instructions of a symbol with their samples") },
  { "events", cs_cli_events, N_("List the events libpfm4 knows for a PMU") },
  { "export", cs_cli_export, N_("Export charts as PNG, SVG or PDF") },
  { "models", cs_cli_models, N_("List the cycle-accounting models") },
  { "record", cs_cli_record, N_("Record a program under performance counters") },
  { "report", cs_cli_report, N_("Print the analysis of a session or perf.data file") },
  /* --- end verbs --- */
  { NULL, NULL, NULL }
};

void
cs_cli_error (const char *verb,
              const char *format,
              ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: "cyclescope record: <error message>" */
  g_printerr (_("cyclescope %s: %s\n"), verb, msg);
}

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

/* The viewer is a separate program so that the CLI links no GTK. It sits
 * next to this binary in the build tree and in libexecdir once installed. */
static int
exec_viewer (int    argc,
             char **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self != NULL ? g_path_get_dirname (self) : NULL;
  g_autofree char *sibling = dir != NULL ? g_build_filename (dir, "cyclescope-viewer", NULL) : NULL;
  g_autofree char *installed = g_build_filename (CS_LIBEXECDIR, "cyclescope-viewer", NULL);
  const char *viewer = NULL;
  g_autofree char **args = g_new0 (char *, argc + 1);

  if (sibling != NULL && g_file_test (sibling, G_FILE_TEST_IS_EXECUTABLE))
    viewer = sibling;
  else if (g_file_test (installed, G_FILE_TEST_IS_EXECUTABLE))
    viewer = installed;
  if (viewer == NULL)
    {
      cs_cli_error ("viewer", _("the viewer program is not installed (looked for %s)"), installed);
      return 1;
    }
  args[0] = (char *) viewer;
  for (int i = 1; i < argc; i++)
    args[i] = argv[i];
  execv (viewer, args);
  cs_cli_error ("viewer", _("could not start %s: %s"), viewer, g_strerror (errno));
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
            g_set_prgname ("cyclescope");
            return verbs[i].func (argc - 1, argv + 1);
          }
    }

  return exec_viewer (argc, argv);
}
