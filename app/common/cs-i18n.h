/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-i18n.h — text domain set-up shared by the CLI and the viewer */
#pragma once

/* Binds the text domain: $CYCLESCOPE_LOCALEDIR, else the build tree's
 * catalogues when running uninstalled, else the installed LOCALEDIR. */
void cs_i18n_init (void);
