/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-column.h — the cells of every table column, from one fill function
 *
 * Every table of the viewer (modules, hot symbols, source, disassembly,
 * cachelines) shows text, numbers and heat bars; a column gets its cells
 * here from a function that fills a CsCellContent for an item. The column
 * may come from a template (cs_column_set_cells) or be made in code
 * (cs_column_new). Items with a boolean "linked" or "hot" property get the
 * cs-linked / cs-hot style class on their cells, kept up to date while the
 * row is shown; the column the rows are sorted by is marked cs-sorted
 * (cs-column-sorter.h does that). A bound cell widget carries its item as
 * object data "cs-item" (not a reference), for finding the row at a point.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  CS_CELL_TEXT,      /* left-aligned, ellipsized */
  CS_CELL_NUMBER,    /* right-aligned, tabular figures */
  CS_CELL_HEAT,      /* right-aligned percentage over a heat bar */
  CS_CELL_CODE,      /* monospace source or assembly, not ellipsized */
  CS_CELL_TREE,      /* text behind a tree expander: the column's items are
                      * GtkTreeListRows, passed to the fill function as they are */
} CsCellKind;

typedef struct
{
  char     *text;      /* owned; plain text unless @markup */
  gboolean  markup;
  char     *tooltip;   /* owned, may be NULL */
  double    fraction;  /* CS_CELL_HEAT: 0..1 */
  /* > 0: the text from this byte on is drawn fainter (a provenance marker
   * qualifies the number before it). */
  gsize     dim_from;
  /* The whole text drawn fainter (a change within the noise). */
  gboolean  dim;
} CsCellContent;

typedef void (*CsCellFunc) (gpointer       item,
                            CsCellContent *content,
                            gpointer       user_data);

/* A resizable column titled @title with cells of @kind filled by @func;
 * @destroy frees @user_data when the column goes. */
GtkColumnViewColumn *cs_column_new             (const char             *title,
                                                CsCellKind              kind,
                                                CsCellFunc              func,
                                                gpointer                user_data,
                                                GDestroyNotify          destroy);
/* Gives @column (one from a template) such cells. */
void                 cs_column_set_cells       (GtkColumnViewColumn    *column,
                                                CsCellKind              kind,
                                                CsCellFunc              func,
                                                gpointer                user_data,
                                                GDestroyNotify          destroy);
/* How the cells fit their text, instead of the kind's default (set before
 * the column shows rows); a char count of -1 keeps the default. */
void                 cs_column_set_text_layout (GtkColumnViewColumn    *column,
                                                GtkInscriptionOverflow  overflow,
                                                int                     min_chars,
                                                int                     nat_chars);
/* Cells ask for the width of their whole text, up to @max_chars, and
 * never get less: the column is as wide as its longest drawn cell
 * (addresses, file:line, a symbol) and the table scrolls sideways rather
 * than cut it. Text beyond @max_chars keeps the cells' overflow. */
void                 cs_column_set_fit_text    (GtkColumnViewColumn    *column,
                                                guint                   max_chars);
/* Marks the cells of the column the rows are sorted by (cs-sorted). */
void                 cs_column_set_sorted      (GtkColumnViewColumn    *column,
                                                gboolean                sorted);
/* The text a cell of @column shows for @item (tests, copy). */
char                *cs_column_get_text        (GtkColumnViewColumn    *column,
                                                gpointer                item);
/* GTK 4.8 has no gtk_column_view_scroll_to(): scrolls @position into view
 * through the list's "list.scroll-to-item" action. */
void                 cs_column_view_scroll_to  (GtkColumnView          *view,
                                                guint                   position);

/* Gives the keyboard focus to the list the user works in inside @pane (its
 * first drawn column view), on the row of its selected item, where arrows
 * then go on from; a pane without one gets the focus as Tab gives it. */
void                 cs_column_view_focus_in   (GtkWidget              *pane);

G_END_DECLS
