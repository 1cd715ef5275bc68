/* cs-i18n.c — text domain set-up shared by the CLI and the viewer */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cs-i18n.h"

void
cs_i18n_init (void)
{
  const char *localedir = g_getenv ("CYCLESCOPE_LOCALEDIR");

  setlocale (LC_ALL, "");
  if (localedir == NULL)
    {
      /* Running from the build tree: use the freshly built catalogues, so
       * `build-aux/dev run` speaks the user's language without installing. */
      g_autofree char *probe = g_build_filename (CS_BUILD_LOCALEDIR, "de", "LC_MESSAGES",
                                                 GETTEXT_PACKAGE ".mo", NULL);
      localedir = g_file_test (probe, G_FILE_TEST_EXISTS) ? CS_BUILD_LOCALEDIR : LOCALEDIR;
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
