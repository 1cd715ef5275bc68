/* main.c — cyclescope entry point: a CLI verb, or the viewer
 *
 * `cyclescope VERB …` runs a headless verb; `cyclescope` alone or with files
 * opens the window.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cs-cli.h"

static const CsCliVerb verbs[] = {
  /* --- verbs (keep sorted by name) --- */
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
setup_i18n (void)
{
  const char *localedir = g_getenv ("CYCLESCOPE_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (localedir == NULL)
    {
      /* Running from the build tree: use the freshly built catalogues. */
      g_autofree char *probe = g_build_filename (CS_BUILD_LOCALEDIR, "de", "LC_MESSAGES",
                                                 GETTEXT_PACKAGE ".mo", NULL);
      localedir = g_file_test (probe, G_FILE_TEST_EXISTS) ? CS_BUILD_LOCALEDIR : LOCALEDIR;
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
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

int cs_viewer_main (int argc, char **argv);

int
main (int    argc,
      char **argv)
{
  setup_i18n ();

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

  return cs_viewer_main (argc, argv);
}
