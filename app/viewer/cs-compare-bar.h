/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-compare-bar.h — "Compared with BASE — Stop Comparing" above the pages
 *
 * Property: "comparison" (CsComparison; NULL hides the bar). The window
 * binds it to its own.
 */
#pragma once

#include <gtk/gtk.h>

#include "cs-comparison.h"

G_BEGIN_DECLS

#define CS_TYPE_COMPARE_BAR (cs_compare_bar_get_type ())
G_DECLARE_FINAL_TYPE (CsCompareBar, cs_compare_bar, CS, COMPARE_BAR, GtkWidget)

GtkWidget *cs_compare_bar_new (void);

G_END_DECLS
