/* SPDX-License-Identifier: GPL-3.0-or-later */
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
  /* Set when running from the build tree (meson devenv, build-aux/dev), so
   * an uninstalled build speaks the user's language. */
  if (localedir == NULL || *localedir == '\0')
    localedir = LOCALEDIR;
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
