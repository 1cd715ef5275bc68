/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-row-menu.h — Filter In / Filter Out in a table's context menu
 *
 * Any table whose rows stand for a module or a function offers filtering on
 * them (issue 14): a right click selects the row under the pointer and opens
 * the menu, the Menu key and Shift+F10 open it for the selected row. The
 * items ask the window through win.add-filter, so every page follows.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The value to filter on for @item (a row of the view's model: a
 * GtkTreeListRow in trees), NULL: none (the items are then off). */
typedef const char *(*CsRowMenuValueFunc) (gpointer item,
                                           gpointer user_data);

/* Gives @view the menu; @kind is a win.add-filter kind, "module" or
 * "function". Cells find their row through the "cs-item" object data
 * (cs-column.h), set on the cell or its first child. */
void cs_row_menu_attach (GtkColumnView      *view,
                         const char         *kind,
                         CsRowMenuValueFunc  value_of,
                         gpointer            user_data);

G_END_DECLS
