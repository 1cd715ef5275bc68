/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-analyze-main.c — cyclescope-analyze: the verbs that read profiles
 *
 *   cyclescope-analyze VERB [OPTIONS…]
 *
 * `cyclescope report|export|annotate|diff|watch` exec this program (see main.c for why
 * the verbs are split): it links the symbolizer (libdw, capstone) and the
 * chart renderer (cairo, pango), which the recording front end must not load.
 * Messages and --help still say "cyclescope VERB".
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-cli.h"
#include "cs-i18n.h"

static const CsCliVerb verbs[] = {
  { "annotate", cs_cli_annotate, NULL },
  { "diff", cs_cli_diff, NULL },
  { "export", cs_cli_export, NULL },
  { "report", cs_cli_report, NULL },
  { "watch", cs_cli_watch, NULL },
  { NULL, NULL, NULL }
};

int
main (int    argc,
      char **argv)
{
  cs_i18n_init ();
  g_set_prgname ("cyclescope");

  if (argc >= 2)
    for (guint i = 0; verbs[i].name != NULL; i++)
      if (strcmp (argv[1], verbs[i].name) == 0)
        return verbs[i].func (argc - 1, argv + 1);

  cs_cli_error (argc >= 2 ? argv[1] : "analyze",
                _("unknown verb; run “cyclescope --help” for the list"));
  return 2;
}
