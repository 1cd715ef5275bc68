/* cs-viewer-main.c — starts the GTK application (placeholder until the viewer exists) */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

int cs_viewer_main (int argc, char **argv);

int
cs_viewer_main (int    argc,
                char **argv)
{
  g_printerr ("%s\n", _("The viewer is not built yet; use a verb (see “cyclescope --help”)."));
  return 1;
}
